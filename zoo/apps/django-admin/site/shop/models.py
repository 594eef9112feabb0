from django.db import models


class Category(models.Model):
    name = models.CharField(max_length=60, unique=True)
    description = models.TextField(blank=True)

    class Meta:
        verbose_name_plural = "categories"

    def __str__(self) -> str:
        return self.name


class Supplier(models.Model):
    name = models.CharField(max_length=80)
    email = models.EmailField()
    country = models.CharField(max_length=2, choices=[
        ("DE", "Germany"), ("FR", "France"), ("IT", "Italy"), ("US", "United States"), ("JP", "Japan")])
    preferred = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.name


class Tag(models.Model):
    label = models.CharField(max_length=30, unique=True)

    def __str__(self) -> str:
        return self.label


class Product(models.Model):
    name = models.CharField(max_length=100)
    sku = models.CharField("SKU", max_length=20, unique=True)
    category = models.ForeignKey(Category, on_delete=models.PROTECT)
    supplier = models.ForeignKey(Supplier, on_delete=models.SET_NULL, null=True, blank=True)
    price = models.DecimalField(max_digits=8, decimal_places=2)
    stock = models.PositiveIntegerField(default=0)
    active = models.BooleanField(default=True)
    launch_date = models.DateField(null=True, blank=True)
    tags = models.ManyToManyField(Tag, blank=True)
    notes = models.TextField(blank=True)

    def __str__(self) -> str:
        return self.name


class Order(models.Model):
    STATUS = [("new", "New"), ("paid", "Paid"), ("shipped", "Shipped"), ("cancelled", "Cancelled")]
    number = models.CharField(max_length=12, unique=True)
    customer = models.CharField(max_length=80)
    email = models.EmailField()
    status = models.CharField(max_length=10, choices=STATUS, default="new")
    placed_at = models.DateTimeField()
    gift = models.BooleanField("gift wrap", default=False)

    def __str__(self) -> str:
        return self.number


class OrderLine(models.Model):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey(Product, on_delete=models.PROTECT)
    quantity = models.PositiveIntegerField(default=1)
