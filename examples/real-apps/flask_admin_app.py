"""A small Flask-Admin back office (the package from PyPI, unchanged): tickets and customers in SQLite.

Run: ``python flask_admin_app.py PORT DB_PATH`` (serve.py does it for you).
"""

from __future__ import annotations

import sys

from flask import Flask
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_sqlalchemy import SQLAlchemy

db = SQLAlchemy()


class Customer(db.Model):  # type: ignore[name-defined,misc]
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(80), nullable=False)
    email = db.Column(db.String(120), nullable=False)
    vip = db.Column(db.Boolean, default=False)

    def __str__(self) -> str:
        return str(self.name)


class Ticket(db.Model):  # type: ignore[name-defined,misc]
    id = db.Column(db.Integer, primary_key=True)
    title = db.Column(db.String(120), nullable=False)
    # Stored values differ from the labels people read: "2" is shown as "Urgent".
    priority = db.Column(db.String(10), nullable=False, default="1")
    closed = db.Column(db.Boolean, default=False)
    customer_id = db.Column(db.Integer, db.ForeignKey("customer.id"))
    customer = db.relationship(Customer)


class TicketView(ModelView):
    form_choices = {"priority": [("0", "Low"), ("1", "Normal"), ("2", "Urgent")]}
    column_choices = form_choices
    column_searchable_list = ("title",)
    column_filters = ("closed",)


def create_app(db_path: str) -> Flask:
    app = Flask(__name__)
    app.config.update(SQLALCHEMY_DATABASE_URI=f"sqlite:///{db_path}", SECRET_KEY="real-apps-demo",
                      SQLALCHEMY_TRACK_MODIFICATIONS=False)
    db.init_app(app)
    admin = Admin(app, name="Helpdesk")
    admin.add_view(ModelView(Customer, db.session))
    admin.add_view(TicketView(Ticket, db.session))
    with app.app_context():
        db.create_all()
        if not Customer.query.count():
            ada = Customer(name="Ada Lovelace", email="ada@example.com", vip=True)
            db.session.add_all([ada, Customer(name="Alan Turing", email="alan@example.com")])
            db.session.add(Ticket(title="Printer on fire", priority="2", customer=ada))
            db.session.commit()
    return app


if __name__ == "__main__":
    create_app(sys.argv[2]).run(host="127.0.0.1", port=int(sys.argv[1]), debug=False, use_reloader=False)
