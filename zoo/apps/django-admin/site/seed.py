"""Seeds the zoo's Django shop: users, categories, suppliers, products, orders."""

import datetime as dt
import random
from decimal import Decimal

import django

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from shop.models import Category, Order, OrderLine, Product, Supplier, Tag  # noqa: E402

rng = random.Random(7)
User.objects.create_superuser("admin", "admin@example.com", "zoo-admin-pw", first_name="Ada", last_name="Admin")
clerk = User.objects.create_user("clerk", "clerk@example.com", "zoo-clerk-pw", first_name="Carl", is_staff=True)
cats = [Category.objects.create(name=n, description=f"All {n.lower()}") for n in
        ["Lighting", "Furniture", "Kitchen", "Garden", "Office", "Textiles"]]
sups = [Supplier.objects.create(name=n, email=f"sales@{n.split()[0].lower()}.example", country=c, preferred=p)
        for n, c, p in [("Nordlicht GmbH", "DE", True), ("Maison Claire", "FR", False),
                        ("Casa Verde", "IT", True), ("Acme Supply", "US", False), ("Kaze Works", "JP", False)]]
tags = [Tag.objects.create(label=t) for t in ["eco", "bestseller", "new", "clearance", "handmade"]]
names = ["Desk lamp", "Floor lamp", "Pendant light", "Oak table", "Walnut chair", "Bar stool", "Chef knife",
         "Cast iron pan", "Espresso cups", "Garden hose", "Plant pot", "Bird feeder", "Stapler",
         "Notebook A5", "Monitor stand", "Linen throw", "Wool rug", "Cotton napkins", "Reading lamp",
         "Bookshelf", "Salad bowl", "Watering can", "Desk organizer", "Cushion cover"]
cat_of = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 0, 1, 2, 3, 4, 5]
products = []
for i, name in enumerate(names):
    p = Product.objects.create(
        name=name, sku=f"SKU-{1001 + i}", category=cats[cat_of[i]], supplier=sups[i % 5],
        price=Decimal(rng.randint(300, 25000)) / 100, stock=rng.randint(0, 80), active=i % 7 != 3,
        launch_date=dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 600)),
        notes="Fragile" if i % 5 == 0 else "")
    p.tags.set(rng.sample(tags, rng.randint(0, 2)))
    products.append(p)
customers = ["Maria Lopez", "John Smith", "Aiko Tanaka", "Pierre Martin", "Lena Fischer", "Omar Haddad"]
statuses = ["new", "paid", "shipped", "cancelled"]
for i in range(12):
    who = customers[i % 6]
    order = Order.objects.create(
        number=f"ORD-{2401 + i}", customer=who, email=who.split()[0].lower() + "@example.com",
        status=statuses[i % 4], gift=i % 3 == 0,
        placed_at=dt.datetime(2025, 3, 1, 9, tzinfo=dt.timezone.utc) + dt.timedelta(days=i * 3, hours=i))
    for product in rng.sample(products, rng.randint(1, 3)):
        OrderLine.objects.create(order=order, product=product, quantity=rng.randint(1, 4))
print(f"seeded {User.objects.count()} users, {Product.objects.count()} products, {Order.objects.count()} orders")
