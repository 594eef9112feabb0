"""A small helpdesk for the zoo: SQLAlchemy models served through Flask-Admin's ModelViews."""

from __future__ import annotations

import argparse
import datetime as dt
import enum
import os
import random
from pathlib import Path

from flask import Flask, redirect
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_sqlalchemy import SQLAlchemy

DATA = Path(os.environ.get("ZOO_DATA", ".")).resolve()
app = Flask(__name__)
app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{DATA / 'helpdesk.db'}"
app.config["SECRET_KEY"] = "zoo-only-not-secret"
db = SQLAlchemy(app)

ticket_tags = db.Table(
    "ticket_tags",
    db.Column("ticket_id", db.Integer, db.ForeignKey("ticket.id")),
    db.Column("tag_id", db.Integer, db.ForeignKey("tag.id")),
)


class Status(enum.Enum):
    open = "Open"
    pending = "Pending"
    solved = "Solved"
    closed = "Closed"


class Team(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(40), nullable=False)

    def __str__(self) -> str:
        return self.name


class Agent(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(60), nullable=False)
    email = db.Column(db.String(80), unique=True)
    team_id = db.Column(db.Integer, db.ForeignKey("team.id"))
    team = db.relationship(Team)
    on_call = db.Column(db.Boolean, default=False)

    def __str__(self) -> str:
        return self.name


class Customer(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    company = db.Column(db.String(60), nullable=False)
    contact = db.Column(db.String(60))
    plan = db.Column(db.String(20))

    def __str__(self) -> str:
        return self.company


class Tag(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(30), unique=True)

    def __str__(self) -> str:
        return self.name


class Ticket(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    subject = db.Column(db.String(120), nullable=False)
    description = db.Column(db.Text)
    status = db.Column(db.Enum(Status), default=Status.open)
    priority = db.Column(db.Integer, default=2)
    escalated = db.Column(db.Boolean, default=False)
    opened = db.Column(db.Date)
    due = db.Column(db.DateTime)
    agent_id = db.Column(db.Integer, db.ForeignKey("agent.id"))
    agent = db.relationship(Agent)
    customer_id = db.Column(db.Integer, db.ForeignKey("customer.id"))
    customer = db.relationship(Customer)
    tags = db.relationship(Tag, secondary=ticket_tags)


class TicketView(ModelView):
    column_list = ("id", "subject", "status", "priority", "agent", "customer", "opened", "due", "escalated")
    column_searchable_list = ("subject", "description")
    column_filters = ("status", "priority", "escalated", "opened", "agent.name", "customer.company")
    column_editable_list = ("status", "priority", "escalated")
    column_sortable_list = ("id", "subject", "priority", "opened", "due")
    column_choices = {"priority": [(1, "Low"), (2, "Normal"), (3, "High"), (4, "Critical")]}
    form_choices = {"priority": [("1", "Low"), ("2", "Normal"), ("3", "High"), ("4", "Critical")]}
    can_view_details = True
    can_export = True
    page_size = 20


class AgentView(ModelView):
    column_list = ("name", "email", "team", "on_call")
    column_editable_list = ("on_call", "team")
    column_filters = ("team.name", "on_call")


admin = Admin(app, name="Helpdesk")
admin.add_view(TicketView(Ticket, db.session))
admin.add_view(AgentView(Agent, db.session, category="People"))
admin.add_view(ModelView(Customer, db.session, category="People"))
admin.add_view(ModelView(Team, db.session, category="People"))
admin.add_view(ModelView(Tag, db.session))


@app.route("/")
def index():  # type: ignore[no-untyped-def]
    return redirect("/admin/")


def seed() -> None:
    rng = random.Random(5)
    db.drop_all()
    db.create_all()
    teams = [Team(name=n) for n in ("Billing", "Technical", "Onboarding")]
    agents = [Agent(name=n, email=n.split()[0].lower() + "@helpdesk.example", team=teams[i % 3], on_call=i % 3 == 0)
              for i, n in enumerate(["Maria Lopez", "John Smith", "Aiko Tanaka", "Pierre Martin",
                                     "Lena Fischer", "Omar Haddad", "Sofia Rossi", "Noor Khan"])]
    customers = [Customer(company=c, contact=p, plan=plan) for c, p, plan in [
        ("Globex", "Hank Scorpio", "Enterprise"), ("Initech", "Bill Lumbergh", "Pro"),
        ("Umbrella", "Alice Abernathy", "Pro"), ("Hooli", "Gavin Belson", "Enterprise"),
        ("Vandelay", "Art Vandelay", "Starter"), ("Soylent", "Sol Roth", "Starter")]]
    tags = [Tag(name=n) for n in ("refund", "login", "bug", "feature", "invoice", "urgent")]
    subjects = ["Cannot log in", "Refund for March invoice", "Export fails with error 500", "Add SSO for team",
                "Wrong VAT on invoice", "Password reset email missing", "Slow dashboard", "API rate limit",
                "Change billing address", "Duplicate charge", "Mobile app crashes", "Upgrade to Enterprise",
                "Delete my account", "Webhook not firing", "CSV import stuck"]
    statuses = list(Status)
    for i in range(30):
        ticket = Ticket(
            subject=subjects[i % 15] + ("" if i < 15 else " (again)"),
            description=f"Reported by {customers[i % 6].contact}.", status=statuses[i % 4],
            priority=1 + rng.randint(0, 3), escalated=i % 7 == 0,
            opened=dt.date(2025, 5, 1) + dt.timedelta(days=i), due=dt.datetime(2025, 5, 3, 17) + dt.timedelta(days=i),
            agent=agents[i % 8], customer=customers[i % 6], tags=rng.sample(tags, rng.randint(0, 2)))
        db.session.add(ticket)
    db.session.add_all([*teams, *agents, *customers, *tags])
    db.session.commit()
    print("seeded helpdesk.db: 30 tickets")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("verb", choices=["seed", "serve"])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args()
    with app.app_context():
        if args.verb == "seed":
            seed()
    if args.verb == "serve":
        app.run(host=args.host, port=args.port, debug=False, use_reloader=False)
