"""Seed a Trac 1.6 project environment for the zoo: users, permissions, components, milestones,
30 tickets with history, and a few wiki pages. Run with the app venv's python: seed.py ENV_DIR.

The environment is created with `trac-admin ENV initenv` (SQLite), then filled through Trac's own
Python API. Form login comes from the TracAccountManager plugin (an htpasswd file in the env).
Times are relative to the moment of seeding so the timeline's default 30 days always shows them.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from trac.env import Environment
from trac.perm import PermissionSystem
from trac.ticket.model import Component, Milestone, Priority, Ticket, Type, Version
from trac.util.datefmt import utc
from trac.wiki.model import WikiPage

ENV = Path(sys.argv[1])
NOW = datetime.now(utc).replace(microsecond=0)

USERS = [  # username, password, full name, email, group
    ("alice", "zoo-trac-pw", "Alice Moreau", "alice@orchard.example", "admins"),
    ("bob", "zoo-bob-pw", "Bob Okafor", "bob@orchard.example", "developer"),
    ("carol", "zoo-carol-pw", "Carol Lindqvist", "carol@orchard.example", "developer"),
    ("dave", "zoo-dave-pw", "Dave Tanaka", "dave@orchard.example", "developer"),
    ("erin", "zoo-erin-pw", "Erin Walsh", "erin@orchard.example", "developer"),
]

COMPONENTS = [  # name, default owner, description
    ("Catalog", "carol", "Product listing, categories and product pages"),
    ("Checkout", "bob", "Cart, shipping address and order confirmation"),
    ("Payments", "dave", "Card payments, refunds and the payment provider"),
    ("Search", "erin", "Search box, suggestions and the search index"),
    ("Accounts", "alice", "Sign up, sign in, profiles and passwords"),
    ("Admin Panel", "bob", "The back office used by the shop staff"),
]

MILESTONES = [  # name, due (days from now), completed (days from now or None), description
    ("Sprint 14", -20, -19, "Stabilise checkout before the autumn sale."),
    ("Release 2.4", 24, None, "Saved carts, faster search and the new payment provider."),
    ("Release 3.0", 120, None, "Marketplace sellers and a redesigned admin panel."),
]

# summary, type, component, priority, milestone, owner, reporter, status, resolution, keywords, created (days ago)
TICKETS = [
    ("Cart total ignores discount codes with free shipping", "defect", "Checkout", "critical", "Sprint 14", "bob", "carol", "closed", "fixed", "cart discount", 38),
    ("Order confirmation email shows the wrong currency", "defect", "Checkout", "major", "Sprint 14", "bob", "erin", "closed", "fixed", "email currency", 37),
    ("Card payment times out after 30 seconds", "defect", "Payments", "blocker", "Sprint 14", "dave", "alice", "closed", "fixed", "timeout", 36),
    ("Add a progress bar to the checkout steps", "enhancement", "Checkout", "minor", "Sprint 14", "carol", "bob", "closed", "wontfix", "ux", 35),
    ("Duplicate of the currency email bug", "defect", "Checkout", "major", "Sprint 14", "bob", "dave", "closed", "duplicate", "", 34),
    ("Product images load twice on the category page", "defect", "Catalog", "major", "Sprint 14", "carol", "erin", "closed", "fixed", "images performance", 33),
    ("Refund button is visible to read-only staff", "defect", "Admin Panel", "critical", "Sprint 14", "bob", "alice", "closed", "fixed", "security", 32),
    ("Search suggestions flicker on slow networks", "defect", "Search", "minor", "Release 2.4", "erin", "carol", "closed", "invalid", "suggestions", 30),
    ("Save the cart for signed-in customers", "enhancement", "Checkout", "major", "Release 2.4", "bob", "alice", "accepted", "", "cart", 29),
    ("Switch to the new payment provider API", "task", "Payments", "critical", "Release 2.4", "dave", "alice", "accepted", "", "provider migration", 28),
    ("Search results ignore accented characters", "defect", "Search", "major", "Release 2.4", "erin", "dave", "accepted", "", "search unicode", 27),
    ("Password reset link expires too early", "defect", "Accounts", "critical", "Release 2.4", "alice", "bob", "assigned", "", "password email", 26),
    ("Show stock level on the product page", "enhancement", "Catalog", "minor", "Release 2.4", "carol", "erin", "assigned", "", "stock", 25),
    ("Rebuild the search index every night", "task", "Search", "major", "Release 2.4", "erin", "alice", "assigned", "", "index cron", 24),
    ("Apple Pay button missing on Safari", "defect", "Payments", "major", "Release 2.4", "dave", "carol", "new", "", "safari", 22),
    ("Sort products by newest first", "enhancement", "Catalog", "trivial", "Release 2.4", "carol", "bob", "new", "", "sorting", 21),
    ("Shipping address form rejects long street names", "defect", "Checkout", "major", "Release 2.4", "bob", "erin", "reopened", "", "address validation", 20),
    ("Two-factor sign in for staff accounts", "enhancement", "Accounts", "major", "Release 2.4", "alice", "dave", "new", "", "security 2fa", 19),
    ("Export orders to CSV from the admin panel", "enhancement", "Admin Panel", "minor", "Release 2.4", "bob", "carol", "assigned", "", "export csv", 18),
    ("Write the runbook for payment outages", "task", "Payments", "minor", "Release 2.4", "dave", "alice", "new", "", "docs", 16),
    ("Seller accounts with their own product pages", "enhancement", "Accounts", "major", "Release 3.0", "alice", "alice", "new", "", "marketplace", 15),
    ("Redesign the admin dashboard", "task", "Admin Panel", "major", "Release 3.0", "bob", "alice", "new", "", "redesign", 14),
    ("Commission report per seller", "enhancement", "Payments", "minor", "Release 3.0", "dave", "bob", "new", "", "marketplace report", 13),
    ("Category tree becomes slow above 500 categories", "defect", "Catalog", "critical", "Release 3.0", "carol", "dave", "accepted", "", "performance", 12),
    ("Search by seller name", "enhancement", "Search", "trivial", "Release 3.0", "erin", "carol", "new", "", "marketplace", 10),
    ("Sign-in page does not remember the email address", "defect", "Accounts", "minor", "", "alice", "erin", "reopened", "", "sign-in", 9),
    ("Update the privacy policy link in the footer", "task", "Catalog", "trivial", "", "carol", "alice", "closed", "fixed", "legal", 8),
    ("Admin panel logs out after five minutes", "defect", "Admin Panel", "major", "", "bob", "dave", "accepted", "", "session", 6),
    ("Wishlist for signed-in customers", "enhancement", "Accounts", "minor", "", "", "erin", "new", "", "wishlist", 4),
    ("Gift card balance is not shown at checkout", "defect", "Payments", "major", "Release 2.4", "dave", "carol", "assigned", "", "gift card", 2),
]

WIKI = {
    "WikiStart": """= Orchard Web Shop =

Welcome to the project space of the Orchard Web Shop team.

 * [wiki:ReleaseChecklist Release checklist]
 * [wiki:CodingGuidelines Coding guidelines]
 * [wiki:OnCallRotation On-call rotation]
 * [/roadmap Roadmap] and [report:1 active tickets]

== Team ==
 * Alice Moreau: product owner, Accounts
 * Bob Okafor: Checkout and Admin Panel
 * Carol Lindqvist: Catalog
 * Dave Tanaka: Payments
 * Erin Walsh: Search
""",
    "ReleaseChecklist": """= Release checklist =

 1. All tickets of the milestone are closed or moved to the next one.
 1. The staging shop passed the smoke test.
 1. The payment provider sandbox was tested with a real card.
 1. The release notes are written.
 1. Tag the release and close the milestone.
""",
    "CodingGuidelines": """= Coding guidelines =

 * Every change goes through a review by one other developer.
 * Tests come with the change, not after it.
 * Reference the ticket in the commit message, e.g. `refs #12`.
""",
    "OnCallRotation": """= On-call rotation =

||= Week =||= Primary =||= Backup =||
|| 1 || Dave || Bob ||
|| 2 || Bob || Erin ||
|| 3 || Erin || Carol ||
|| 4 || Carol || Dave ||
""",
}


def ago(days: float) -> datetime:
    return NOW - timedelta(days=days)


def configure(env: Environment) -> None:
    config = env.config
    components = {
        "acct_mgr.admin.*": "enabled",
        "acct_mgr.api.accountmanager": "enabled",
        "acct_mgr.db.sessionstore": "disabled",
        "acct_mgr.htfile.htpasswdstore": "enabled",
        "acct_mgr.web_ui.loginmodule": "enabled",
        "acct_mgr.web_ui.accountmodule": "enabled",
        "acct_mgr.register.*": "disabled",
        "acct_mgr.notification.*": "disabled",
        "acct_mgr.guard.*": "disabled",
        "acct_mgr.http.*": "disabled",
        "acct_mgr.svnserve.*": "disabled",
        "trac.web.auth.loginmodule": "disabled",
    }
    for key, value in components.items():
        config.set("components", key, value)
    config.set("account-manager", "password_store", "HtPasswdStore")
    config.set("account-manager", "htpasswd_file", "htpasswd")
    config.set("account-manager", "htpasswd_hash_type", "md5")
    config.set("account-manager", "reset_password", "false")
    config.set("account-manager", "persistent_sessions", "true")
    config.set("ticket", "restrict_owner", "true")
    config.set("project", "descr", "Issue tracker of the Orchard Web Shop team")
    config.set("trac", "default_timezone", "UTC")
    config.set("logging", "log_type", "none")
    config.set("header_logo", "src", "")
    config.save()


def seed_users(env: Environment) -> None:
    from acct_mgr.api import AccountManager

    manager = AccountManager(env)
    perms = PermissionSystem(env)
    for action in ("TICKET_MODIFY", "MILESTONE_VIEW", "REPORT_CREATE", "REPORT_MODIFY", "WIKI_CREATE", "WIKI_MODIFY"):
        perms.grant_permission("developer", action)
    perms.grant_permission("admins", "TRAC_ADMIN")
    with env.db_transaction as db:
        for user, password, name, email, group in USERS:
            manager.set_password(user, password)
            perms.grant_permission(user, group)
            db("DELETE FROM session WHERE sid=%s", (user,))
            db("DELETE FROM session_attribute WHERE sid=%s", (user,))
            db("INSERT INTO session VALUES (%s, 1, %s)", (user, int(ago(1).timestamp())))
            db("INSERT INTO session_attribute VALUES (%s, 1, 'name', %s)", (user, name))
            db("INSERT INTO session_attribute VALUES (%s, 1, 'email', %s)", (user, email))


def seed_enums(env: Environment) -> None:
    for component in Component.select(env):
        component.delete()
    for name, owner, description in COMPONENTS:
        component = Component(env)
        component.name, component.owner, component.description = name, owner, description
        component.insert()
    for milestone in Milestone.select(env, include_completed=True):
        milestone.delete()
    for name, due, completed, description in MILESTONES:
        milestone = Milestone(env)
        milestone.name = name
        milestone.due = (NOW + timedelta(days=due)).replace(hour=17, minute=0, second=0)
        milestone.completed = (NOW + timedelta(days=completed)).replace(hour=16, minute=0, second=0) if completed else None
        milestone.description = description
        milestone.insert()
    for version in Version.select(env):
        version.delete()
    for name, days in (("2.3", 60), ("2.4", None)):
        version = Version(env)
        version.name = name
        version.time = ago(days) if days else None
        version.insert()
    names = [p.name for p in Priority.select(env)]
    assert names == ["blocker", "critical", "major", "minor", "trivial"], names
    assert [t.name for t in Type.select(env)] == ["defect", "enhancement", "task"]


def seed_tickets(env: Environment) -> None:
    for number, row in enumerate(TICKETS, start=1):
        summary, kind, component, priority, milestone, owner, reporter, status, resolution, keywords, days = row
        created = ago(days).replace(hour=9 + number % 8, minute=(number * 7) % 60, second=0)
        ticket = Ticket(env)
        ticket.populate({
            "summary": summary, "type": kind, "component": component, "priority": priority,
            "milestone": milestone, "reporter": reporter, "keywords": keywords,
            "version": "2.3" if kind == "defect" else "", "status": "new",
            "owner": owner if status != "new" or number % 3 else "",
            "description": description(summary, kind, component, reporter),
        })
        ticket_id = ticket.insert(when=created)
        assert ticket_id == number
        step = created
        if status == "new" and owner and not ticket["owner"]:
            step += timedelta(hours=3)
            ticket["owner"] = owner
            ticket.save_changes(reporter, f"Assigning to {owner}, this is in their area.", when=step)
        if status in ("assigned", "accepted", "closed", "reopened"):
            step += timedelta(hours=5)
            ticket["owner"], ticket["status"] = owner, "assigned"
            ticket.save_changes("alice", "Triaged in the weekly meeting.", when=step)
        if status in ("accepted", "closed", "reopened"):
            step += timedelta(days=1)
            ticket["status"] = "accepted"
            ticket.save_changes(owner, "I am on it.", when=step)
        if status in ("closed", "reopened"):
            step += timedelta(days=2)
            ticket["status"], ticket["resolution"] = "closed", resolution or "fixed"
            text = {"fixed": "Fixed and deployed to staging.", "wontfix": "Not worth it for this release.",
                    "duplicate": "Same as #2.", "invalid": "Could not reproduce on any network."}
            ticket.save_changes(owner, text[resolution or "fixed"], when=step)
        if status == "reopened":
            step += timedelta(days=1)
            ticket["status"], ticket["resolution"] = "reopened", ""
            ticket.save_changes(reporter, "Still happens for me on the live shop.", when=step)


def description(summary: str, kind: str, component: str, reporter: str) -> str:
    if kind == "defect":
        return (f"'''{summary}.'''\n\nSteps to reproduce:\n 1. Open the shop as a customer.\n"
                f" 1. Go to the {component} pages.\n 1. Watch what happens.\n\n"
                f"Expected: it works as in version 2.2. Seen by {reporter}.")
    if kind == "enhancement":
        return f"As a customer I would like this: {summary.lower()}.\n\nArea: {component}."
    return f"Task for the {component} team: {summary.lower()}."


def seed_wiki(env: Environment) -> None:
    with env.db_transaction as db:  # Trac's own help pages: written long ago, not today on the timeline
        db("UPDATE wiki SET time=%s WHERE author='trac'", (int(ago(90).timestamp() * 1_000_000),))
    for index, (name, text) in enumerate(WIKI.items()):
        page = WikiPage(env, name)
        page.text = text
        page.save("alice", "Team pages", ago(31 - index * 7).replace(hour=11, minute=0, second=0))


def main() -> None:
    if not (ENV / "VERSION").exists():
        subprocess.run([str(Path(sys.executable).parent / "trac-admin"), str(ENV), "initenv",
                        "Orchard Web Shop", "sqlite:db/trac.db"], check=True, stdout=subprocess.DEVNULL)
    env = Environment(str(ENV))
    configure(env)
    env = Environment(str(ENV))
    seed_users(env)
    seed_enums(env)
    seed_tickets(env)
    seed_wiki(env)
    print(f"seeded {len(TICKETS)} tickets, {len(MILESTONES)} milestones, {len(USERS)} users in {ENV}")


if __name__ == "__main__":
    main()
