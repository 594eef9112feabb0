"""Seed doccano (run once before the first start): users, three projects, labels, examples, annotations.

Runs inside doccano's own Django (``import backend.cli`` sets DOCCANO_HOME's database and sys.path).
"""

import backend.cli  # noqa: F401  (environment: DATABASE_URL under DOCCANO_HOME, sys.path to the backend)
import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from examples.models import Comment, Example, ExampleState  # noqa: E402
from label_types.models import CategoryType, SpanType  # noqa: E402
from labels.models import Category, Span, TextLabel  # noqa: E402
from projects.models import (  # noqa: E402
    Member,
    Seq2seqProject,
    SequenceLabelingProject,
    Tag,
    TextClassificationProject,
)
from roles.models import Role  # noqa: E402

User = get_user_model()
admin = User.objects.get(username="admin")
admin.first_name, admin.last_name = "Ada", "Admin"
admin.save()
maria = User.objects.create_user("maria", "maria@example.com", "zoo-maria-pw", first_name="Maria", last_name="Lopez")
tom = User.objects.create_user("tom", "tom@example.com", "zoo-tom-pw", first_name="Tom", last_name="Becker")
annotator = Role.objects.get(name="annotator")
approver = Role.objects.get(name="annotation_approver")


def examples(project, rows):
    out = []
    for text, meta in rows:
        out.append(Example.objects.create(project=project, text=text, meta=meta, upload_name="seed.jsonl"))
    return out


# 1. Text classification: product reviews --------------------------------------------------------------
reviews = TextClassificationProject.objects.create(
    name="Product Review Sentiment",
    description="Classify customer reviews of the Brightside online kitchen shop by sentiment.",
    guideline="# Guideline\n\nPick **one** label per review.\n\n- Positive: the customer is happy overall.\n"
              "- Negative: the customer is unhappy overall.\n- Neutral: facts only, no opinion.\n"
              "- Mixed: clear praise and clear complaints.",
    project_type="DocumentClassification",
    single_class_classification=True,
    created_by=admin,
)
reviews.add_admin()
for tag in ("reviews", "english"):
    Tag.objects.create(project=reviews, text=tag)
pos = CategoryType.objects.create(project=reviews, text="Positive", suffix_key="p", background_color="#2E7D32")
neg = CategoryType.objects.create(project=reviews, text="Negative", suffix_key="n", background_color="#C62828")
neu = CategoryType.objects.create(project=reviews, text="Neutral", suffix_key="u", background_color="#757575")
mix = CategoryType.objects.create(project=reviews, text="Mixed", suffix_key="m", background_color="#EF6C00")
review_rows = [
    ("The cast iron skillet arrived well packed and heats evenly. Best pan I have owned.", {"product": "Cast Iron Skillet", "rating": 5}),
    ("My kettle stopped working after two weeks and support never answered my emails.", {"product": "Glass Kettle", "rating": 1}),
    ("Delivery took four days. The knife set has six knives and a wooden block.", {"product": "Knife Set", "rating": 3}),
    ("Lovely colour and very sharp, but the handle of the paring knife came loose.", {"product": "Knife Set", "rating": 3}),
    ("The coffee grinder is quiet and the grind size is consistent. Highly recommended.", {"product": "Burr Coffee Grinder", "rating": 5}),
    ("Terrible blender. It leaks from the bottom every single time.", {"product": "Power Blender", "rating": 1}),
    ("The baking tray warped the first time I used it at 220 degrees.", {"product": "Baking Tray", "rating": 2}),
    ("Ordered the large salad bowl; it is 30 cm wide and made of bamboo.", {"product": "Bamboo Salad Bowl", "rating": 3}),
    ("Fantastic customer service, they replaced my broken lid within a day.", {"product": "Dutch Oven", "rating": 5}),
    ("The toaster browns one side more than the other, though it looks great on the counter.", {"product": "Retro Toaster", "rating": 3}),
    ("Not worth the money. The non-stick coating peeled off after a month.", {"product": "Non-stick Frying Pan", "rating": 1}),
    ("Perfect gift for my sister, she uses the pasta machine every weekend.", {"product": "Pasta Machine", "rating": 5}),
    ("The package contained two mugs instead of four as listed.", {"product": "Stoneware Mugs", "rating": 2}),
    ("The spice rack holds twenty jars and mounts on the cabinet door.", {"product": "Spice Rack", "rating": 4}),
    ("Great scale, accurate to the gram, but the batteries were not included.", {"product": "Kitchen Scale", "rating": 4}),
    ("I love the Dutch oven. Bread comes out with a perfect crust.", {"product": "Dutch Oven", "rating": 5}),
    ("The rice cooker's timer is confusing and the manual is only in German.", {"product": "Rice Cooker", "rating": 2}),
    ("The cutting board is made of walnut and measures 40 by 25 cm.", {"product": "Walnut Cutting Board", "rating": 4}),
    ("Awful smell of plastic from the new food containers, even after washing.", {"product": "Food Containers", "rating": 1}),
    ("Fast shipping and the espresso cups look exactly like the photos.", {"product": "Espresso Cups", "rating": 5}),
    ("The mixer is powerful, yet it is so loud that my neighbours complained.", {"product": "Stand Mixer", "rating": 3}),
    ("The oven gloves are thick and protect well up to high heat.", {"product": "Oven Gloves", "rating": 4}),
    ("Returned the wok because it was dented on arrival.", {"product": "Carbon Steel Wok", "rating": 1}),
    ("The tea infuser is dishwasher safe according to the label.", {"product": "Tea Infuser", "rating": 3}),
]
r = examples(reviews, review_rows)
for i, label in [(0, pos), (1, neg), (2, neu), (3, mix), (4, pos), (5, neg), (6, neg), (7, neu), (8, pos), (9, mix)]:
    Category.objects.create(example=r[i], label=label, user=admin, manual=True)
for i in range(8):  # the first eight annotated reviews are confirmed by admin
    ExampleState.objects.create(example=r[i], confirmed_by=admin)
for i, label in [(10, neg), (11, pos)]:
    Category.objects.create(example=r[i], label=label, user=maria, manual=True)
ExampleState.objects.create(example=r[10], confirmed_by=maria)
Comment.objects.create(example=r[3], user=admin, text="Mixed: praise for the colour, complaint about the handle.")
Comment.objects.create(example=r[9], user=maria, text="Could also be Negative? Please check.")
Member.objects.create(project=reviews, user=maria, role=annotator)
Member.objects.create(project=reviews, user=tom, role=approver)

# 2. Sequence labeling: news entities -----------------------------------------------------------------
news = SequenceLabelingProject.objects.create(
    name="News Entity Tagging",
    description="Mark people, organizations, locations and dates in short business news.",
    guideline="Tag the longest span that names the entity. Do not tag titles such as Mr or Dr.",
    project_type="SequenceLabeling",
    created_by=admin,
)
news.add_admin()
Tag.objects.create(project=news, text="news")
per = SpanType.objects.create(project=news, text="Person", suffix_key="p", background_color="#1565C0")
org = SpanType.objects.create(project=news, text="Organization", suffix_key="o", background_color="#6A1B9A")
loc = SpanType.objects.create(project=news, text="Location", suffix_key="l", background_color="#00897B")
dat = SpanType.objects.create(project=news, text="Date", suffix_key="d", background_color="#F9A825", text_color="#000000")
news_rows = [
    "Anna Keller was named chief executive of Nordwind Energy on Monday.",
    "Harbor Foods will open a new warehouse in Rotterdam in March 2025.",
    "The mayor of Lisbon met representatives of Atlas Rail on 12 June.",
    "Julia Martens left Greenleaf Bank after eleven years as treasurer.",
    "Shares of Brightside Kitchen rose 8 percent in Frankfurt on Tuesday.",
    "Peter Olsen, founder of Copper Labs, moved the company to Oslo.",
    "On 3 February the Vienna office of Lumen Insurance closed for renovation.",
    "Sara Lindqvist will present the annual report of Polar Shipping in Stockholm.",
    "The airline SkyBridge added daily flights between Dublin and Porto.",
    "David Chen joined Redwood Analytics as head of research in January.",
    "Heavy rain delayed the opening of the Milan trade fair until Friday.",
    "Maple Telecom agreed to buy Fiberline for 2 billion euros.",
    "Laura Rossi, mayor of Bologna, announced a new tram line.",
    "The Bank of Iceland kept interest rates unchanged in October.",
    "Tom Hughes sold his stake in Orchard Media to Vista Capital.",
    "Engineers from Delta Motors tested the new battery in Seville last week.",
]
n = examples(news, [(t, {"section": s}) for t, s in zip(news_rows, ["business", "retail", "transport", "finance", "markets", "tech", "finance", "shipping", "travel", "tech", "events", "telecom", "city", "finance", "media", "auto"])])


def span(example, phrase, label, user=admin):
    start = example.text.index(phrase)
    Span.objects.create(example=example, label=label, user=user, start_offset=start, end_offset=start + len(phrase), manual=True)


span(n[0], "Anna Keller", per); span(n[0], "Nordwind Energy", org); span(n[0], "Monday", dat)
span(n[1], "Harbor Foods", org); span(n[1], "Rotterdam", loc); span(n[1], "March 2025", dat)
span(n[2], "Lisbon", loc); span(n[2], "Atlas Rail", org); span(n[2], "12 June", dat)
span(n[3], "Julia Martens", per); span(n[3], "Greenleaf Bank", org)
span(n[4], "Brightside Kitchen", org, maria); span(n[4], "Frankfurt", loc, maria); span(n[4], "Tuesday", dat, maria)
span(n[5], "Peter Olsen", per, maria); span(n[5], "Copper Labs", org, maria)
for i in range(3):
    ExampleState.objects.create(example=n[i], confirmed_by=admin)
ExampleState.objects.create(example=n[4], confirmed_by=maria)
Member.objects.create(project=news, user=maria, role=annotator)

# 3. Sequence to sequence: support ticket summaries -----------------------------------------------------
tickets = Seq2seqProject.objects.create(
    name="Support Ticket Summaries",
    description="Write a one-line summary for each customer support ticket.",
    guideline="Summaries are at most 12 words, in the present tense, without customer names.",
    project_type="Seq2seq",
    created_by=admin,
)
tickets.add_admin()
Tag.objects.create(project=tickets, text="support")
ticket_rows = [
    ("Hello, I ordered a stand mixer on 2 May and the tracking page has not changed for a week. Can you check where it is?", {"ticket": "T-1041", "channel": "email"}),
    ("The discount code SPRING10 is rejected at checkout although the newsletter says it is valid until the end of the month.", {"ticket": "T-1042", "channel": "chat"}),
    ("I received the wrong colour of the Dutch oven, blue instead of red. How do I exchange it?", {"ticket": "T-1043", "channel": "email"}),
    ("Please delete my account and all stored addresses.", {"ticket": "T-1044", "channel": "form"}),
    ("My invoice shows VAT twice for order 88213. I need a corrected invoice for my company.", {"ticket": "T-1045", "channel": "email"}),
    ("The app logs me out every time I open the basket on my phone.", {"ticket": "T-1046", "channel": "chat"}),
    ("Can I pick up my order at the Hamburg store instead of having it delivered?", {"ticket": "T-1047", "channel": "phone"}),
    ("The replacement lid you sent does not fit the 24 cm pan.", {"ticket": "T-1048", "channel": "email"}),
    ("I was charged twice for the same order yesterday evening.", {"ticket": "T-1049", "channel": "chat"}),
    ("Is the walnut cutting board treated with any oil that is not food safe?", {"ticket": "T-1050", "channel": "form"}),
]
t = examples(tickets, ticket_rows)
TextLabel.objects.create(example=t[0], user=admin, text="Stand mixer shipment stuck, tracking not updated for a week")
TextLabel.objects.create(example=t[1], user=admin, text="Discount code SPRING10 rejected at checkout")
TextLabel.objects.create(example=t[2], user=admin, text="Wrong Dutch oven colour delivered, customer wants exchange")
ExampleState.objects.create(example=t[0], confirmed_by=admin)
ExampleState.objects.create(example=t[1], confirmed_by=admin)
print("seeded: 3 projects, users admin, maria, tom")
