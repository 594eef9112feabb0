from django.db import models
from modelcluster.contrib.taggit import ClusterTaggableManager
from modelcluster.fields import ParentalKey
from taggit.models import TaggedItemBase
from wagtail.admin.panels import FieldPanel
from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.search import index
from wagtail.snippets.models import register_snippet


@register_snippet
class Category(models.Model):
    name = models.CharField(max_length=60, unique=True)
    description = models.TextField(blank=True)

    panels = [FieldPanel("name"), FieldPanel("description")]

    class Meta:
        verbose_name_plural = "categories"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class HomePage(Page):
    intro = RichTextField(blank=True)

    content_panels = [*Page.content_panels, FieldPanel("intro")]
    subpage_types = ["news.NewsIndexPage"]
    parent_page_types = ["wagtailcore.Page"]


class NewsIndexPage(Page):
    intro = models.CharField(max_length=250, blank=True)

    content_panels = [*Page.content_panels, FieldPanel("intro")]
    subpage_types = ["news.NewsPage"]
    parent_page_types = ["news.HomePage"]


class NewsPageTag(TaggedItemBase):
    content_object = ParentalKey("news.NewsPage", related_name="tagged_items", on_delete=models.CASCADE)


class NewsPage(Page):
    date = models.DateField("post date")
    author = models.CharField(max_length=80, blank=True)
    category = models.ForeignKey(Category, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    intro = models.CharField(max_length=250)
    body = RichTextField(blank=True)
    feature_image = models.ForeignKey("wagtailimages.Image", null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="+")
    tags = ClusterTaggableManager(through=NewsPageTag, blank=True)

    search_fields = [*Page.search_fields, index.SearchField("intro"), index.SearchField("body")]
    content_panels = [*Page.content_panels, FieldPanel("date"), FieldPanel("author"), FieldPanel("category"),
                      FieldPanel("intro"), FieldPanel("body"), FieldPanel("feature_image"), FieldPanel("tags")]
    parent_page_types = ["news.NewsIndexPage"]
    subpage_types: list[str] = []
