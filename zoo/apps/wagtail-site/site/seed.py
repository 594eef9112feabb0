"""Seeds the zoo's Wagtail news site: users, categories, a home page, a news index with 26 posts
(published, drafts, one with unpublished changes), images and documents."""

import datetime as dt
import io
import random

import django

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.files.base import ContentFile  # noqa: E402
from django.core.files.images import ImageFile  # noqa: E402
from news.models import Category, HomePage, NewsIndexPage, NewsPage  # noqa: E402
from PIL import Image as PILImage  # noqa: E402
from PIL import ImageDraw  # noqa: E402
from wagtail.documents.models import Document  # noqa: E402
from wagtail.images.models import Image  # noqa: E402
from wagtail.models import Page, Revision, Site  # noqa: E402

rng = random.Random(5)
admin = User.objects.create_superuser("admin", "admin@example.com", "zoo-wag-pw", first_name="Ada", last_name="Admin")
editor = User.objects.create_user("editor", "editor@example.com", "zoo-edit-pw", first_name="Eddie", last_name="Editor")
editor.groups.add(Group.objects.get(name="Editors"))

cats = {n: Category.objects.create(name=n, description=d) for n, d in [
    ("Community", "Neighbourhood life, volunteers and local groups"),
    ("Council", "Decisions and meetings of the town council"),
    ("Transport", "Buses, ferries, roads and cycling"),
    ("Culture", "Arts, music, the library and the museum"),
    ("Sport", "Clubs, matches and the annual regatta"),
    ("Environment", "Parks, the harbour and the coastline"),
]}

colours = [("Harbour at dawn", (40, 90, 140)), ("Market square", (170, 110, 50)),
           ("Lighthouse", (200, 60, 60)), ("Town hall", (90, 120, 80))]
images = []
for title, colour in colours:
    picture = PILImage.new("RGB", (640, 400), colour)
    ImageDraw.Draw(picture).text((30, 30), title, fill=(255, 255, 255))
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    name = title.lower().replace(" ", "-") + ".png"
    images.append(Image.objects.create(title=title, file=ImageFile(io.BytesIO(buffer.getvalue()), name=name),
                                       uploaded_by_user=admin))
for title, name, text in [
    ("Council minutes March 2025", "council-minutes-2025-03.txt", "Minutes of the council meeting, 12 March 2025.\n"),
    ("Ferry timetable summer 2025", "ferry-timetable-2025.csv", "departure,arrival\n07:15,07:50\n09:30,10:05\n"),
    ("Regatta entry form", "regatta-entry-form.txt", "Name:\nBoat:\nClass:\n"),
]:
    Document.objects.create(title=title, file=ContentFile(text.encode(), name=name), uploaded_by_user=admin)

root = Page.objects.get(depth=1)
for old in Page.objects.filter(depth=2):
    old.delete()
home = root.add_child(instance=HomePage(
    title="Harbour Town", slug="home", intro="<p>News and notices from Harbour Town.</p>"))
Site.objects.all().delete()
Site.objects.create(hostname="127.0.0.1", port=80, site_name="Harbour Town News", root_page=home,
                    is_default_site=True)
news = home.add_child(instance=NewsIndexPage(title="News", slug="news", intro="The latest from around the town."))
home.add_child(instance=NewsIndexPage(title="Events", slug="events", intro="What is on this season."))

authors = ["Maria Lopez", "John Smith", "Aiko Tanaka", "Pierre Martin", "Lena Fischer", "Omar Haddad"]
posts = [
    ("New ferry timetable starts in June", "Transport", "Earlier morning crossings and a late boat on Fridays."),
    ("Library extends opening hours", "Culture", "The town library will stay open until 8 pm on weekdays."),
    ("Harbour wall repairs begin", "Environment", "Work on the eastern harbour wall will take about ten weeks."),
    ("Council approves cycle lane on Quay Street", "Council", "A protected lane will link the station to the quay."),
    ("Regatta entries open", "Sport", "Sailors can now register for the 42nd Harbour Town Regatta."),
    ("Volunteers plant 300 trees in Hill Park", "Environment", "Schools and neighbours joined the spring planting."),
    ("Museum opens maritime gallery", "Culture", "Ship models, charts and a restored lifeboat go on show."),
    ("Bus route 7 diverted for roadworks", "Transport", "Buses will use Mill Lane until the end of the month."),
    ("Youth football club wins county cup", "Sport", "The under-14 team beat Northfield 3-1 in the final."),
    ("Community fridge opens at St Anne's hall", "Community", "Surplus food can be shared free of charge."),
    ("Budget consultation for 2026", "Council", "Residents are invited to comment on spending priorities."),
    ("Beach clean-up collects 2 tonnes of litter", "Environment", "Over a hundred people walked the shoreline."),
    ("Jazz weekend returns to the bandstand", "Culture", "Three days of free concerts in Victoria Gardens."),
    ("New parking rules near the market", "Council", "Short-stay bays replace the old car park on Friday."),
    ("Repair café celebrates first birthday", "Community", "Volunteers have fixed over 400 household items."),
    ("Lighthouse tours sell out", "Culture", "Extra dates have been added for the summer holidays."),
    ("Harbour swim raises money for lifeboat", "Sport", "Swimmers crossed the harbour in record numbers."),
    ("Electric buses join the town fleet", "Transport", "Four quiet electric buses now run on the coastal route."),
    ("Allotment waiting list reopens", "Community", "Twenty new plots are available at Orchard Lane."),
    ("Seal pups spotted off the point", "Environment", "Wardens ask walkers to keep dogs on a lead."),
    ("Council meeting moves online", "Council", "The April meeting will be streamed for the first time."),
    ("Draft: winter lights festival plans", "Culture", "Ideas for the lantern parade and the light trail."),
    ("Draft: new skate park design", "Sport", "Three designs are on the table for the old tennis courts."),
    ("Draft: station car park expansion", "Transport", "A second level could add 120 spaces."),
    ("Draft: neighbourhood watch relaunch", "Community", "Street coordinators are needed for the west end."),
    ("Draft: coastal path closure notice", "Environment", "A section near the cliffs may close after storms."),
]
start = dt.date(2025, 1, 6)
for i, (title, cat, intro) in enumerate(posts):
    draft = title.startswith("Draft: ")
    title = title.removeprefix("Draft: ")
    title = title[0].upper() + title[1:]
    day = start + dt.timedelta(days=i * 9 + rng.randint(0, 4))
    body = (f"<p>{intro}</p><p>{rng.choice(authors).split()[0]} reports for Harbour Town News. "
            "More details will follow as they become available.</p>")
    page = NewsPage(title=title, date=day, author=authors[i % 6], category=cats[cat], intro=intro, body=body,
                    feature_image=images[i % 4] if i % 3 == 0 else None, live=not draft)
    news.add_child(instance=page)
    page.tags.add(*rng.sample(["harbour", "summer", "families", "volunteers", "free", "weekend"], rng.randint(1, 2)))
    when = dt.datetime.combine(day, dt.time(9 + i % 8, 15), tzinfo=dt.UTC)
    revision = page.save_revision(user=editor if i % 3 == 1 else admin, log_action=True)
    if not draft:
        revision.publish(user=admin, log_action=True)
    Revision.objects.filter(pk=revision.pk).update(created_at=when)
    fields = {"latest_revision_created_at": when}
    if not draft:
        fields.update(first_published_at=when, last_published_at=when)
    Page.objects.filter(pk=page.pk).update(**fields)
    if title.startswith("Lighthouse tours"):  # a live page with a newer draft not yet published
        page = NewsPage.objects.get(pk=page.pk)
        page.intro = "Extra dates have been added for the summer and autumn holidays."
        later = when + dt.timedelta(days=2)
        revision = page.save_revision(user=editor, log_action=True)
        Revision.objects.filter(pk=revision.pk).update(created_at=later)
        Page.objects.filter(pk=page.pk).update(latest_revision_created_at=later)

print(f"seeded {User.objects.count()} users, {NewsPage.objects.count()} news pages "
      f"({NewsPage.objects.live().count()} live), {Image.objects.count()} images, {Document.objects.count()} documents")
