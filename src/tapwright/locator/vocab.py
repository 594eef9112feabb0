"""The words the locator understands: roles, containers, ordinals, colours, sizes, relations."""

from __future__ import annotations

# What a tag, chip or pill can be on a page; a word inside running text is none of them (Query.drawn).
TAG_ROLES = ("button", "link", "option", "listitem", "text")
TAG_NOUNS = frozenset({"tag", "chip", "pill"})

# Role phrases (the head noun of a description) -> the roles they ask for, best first.
# Multi-word phrases are matched before single words.
ROLE_PHRASES: dict[tuple[str, ...], tuple[str, ...]] = {
    ("radio", "button"): ("radio",),
    ("check", "box"): ("checkbox", "switch"),
    ("tick", "box"): ("checkbox", "switch"),
    ("text", "box"): ("textbox", "searchbox"),
    ("text", "field"): ("textbox", "searchbox"),
    ("text", "area"): ("textbox",),
    ("input", "field"): ("textbox", "searchbox", "combobox", "spinbutton"),
    ("search", "box"): ("searchbox", "textbox", "combobox"),
    ("search", "field"): ("searchbox", "textbox", "combobox"),
    ("search", "bar"): ("searchbox", "textbox", "combobox"),
    ("filter", "box"): ("searchbox", "textbox", "combobox"),
    ("filter", "field"): ("searchbox", "textbox", "combobox"),
    ("combo", "box"): ("combobox", "listbox"),
    ("select", "box"): ("combobox", "listbox"),
    ("drop", "down"): ("combobox", "listbox", "button"),
    ("drop-down",): ("combobox", "listbox", "button"),
    ("column", "heading"): ("columnheader",),
    ("column", "header"): ("columnheader",),
    ("header",): ("columnheader", "heading"),
    ("editor",): ("textbox",),
    ("text", "editor"): ("textbox",),
    ("spin", "button"): ("spinbutton",),
    ("stepper",): ("spinbutton",),
    ("suggestion",): ("option", "text"),
    ("accordion",): ("button",),
    ("list", "box"): ("listbox", "combobox"),
    ("menu", "item"): ("menuitem", "menuitemcheckbox", "menuitemradio"),
    ("menu", "entry"): ("menuitem", "menuitemcheckbox", "menuitemradio"),
    ("tab", "panel"): ("tabpanel",),
    ("button",): ("button",),
    ("btn",): ("button",),
    ("link",): ("link",),
    ("hyperlink",): ("link",),
    ("anchor",): ("link",),
    ("field",): ("textbox", "searchbox", "combobox", "spinbutton"),
    ("input",): ("textbox", "searchbox", "combobox", "spinbutton"),
    ("textbox",): ("textbox", "searchbox"),
    ("box",): ("textbox", "searchbox", "combobox", "checkbox", "spinbutton"),
    ("textarea",): ("textbox",),
    ("searchbox",): ("searchbox", "textbox"),
    ("checkbox",): ("checkbox", "switch"),
    ("tickbox",): ("checkbox", "switch"),
    ("toggle",): ("switch", "checkbox", "button"),
    ("switch",): ("switch", "checkbox"),
    ("radio",): ("radio",),
    ("dropdown",): ("combobox", "listbox", "button"),
    ("filter",): ("combobox", "listbox", "textbox", "searchbox", "button"),
    ("combobox",): ("combobox", "listbox"),
    ("select",): ("combobox", "listbox"),
    ("picker",): ("combobox", "listbox", "button"),
    # A picker named by what it picks ("the Date date picker"): the field that opens it, or the button.
    ("date", "picker"): ("combobox", "textbox", "button", "spinbutton"),
    ("time", "picker"): ("combobox", "textbox", "button", "spinbutton"),
    ("colour", "picker"): ("combobox", "textbox", "button"),
    ("color", "picker"): ("combobox", "textbox", "button"),
    ("listbox",): ("listbox", "combobox"),
    ("option",): ("option", "radio", "menuitemradio"),
    ("heading",): ("heading", "columnheader"),
    ("headline",): ("heading",),
    ("title",): ("heading",),
    ("tab",): ("tab",),
    ("menuitem",): ("menuitem", "menuitemcheckbox", "menuitemradio"),
    ("menu",): ("menu", "menubar", "menuitem", "button"),
    ("image",): ("img",),
    ("img",): ("img",),
    ("picture",): ("img",),
    ("photo",): ("img",),
    ("icon",): ("button", "img", "link"),
    # A tag, chip or pill: a short label drawn as a thing of its own, clickable (a button or a link) or only shown.
    ("tag",): TAG_ROLES,
    ("chip",): TAG_ROLES,
    ("pill",): TAG_ROLES,
    ("slider",): ("slider",),
    ("spinner",): ("spinbutton",),
    ("spinbutton",): ("spinbutton",),
    ("dialog",): ("dialog", "alertdialog"),
    ("modal",): ("dialog", "alertdialog"),
    ("confirmation",): ("alertdialog", "dialog"),
    # A dialog named by what it is for ("a confirmation dialog" titled "Are you sure?"): any dialog asking to confirm.
    ("confirmation", "dialog"): ("alertdialog", "dialog"), ("confirm", "dialog"): ("alertdialog", "dialog"),
    ("confirmation", "modal"): ("alertdialog", "dialog"), ("confirmation", "popup"): ("alertdialog", "dialog"),
    # A panel or drawer that slides in over the page is drawn as a dialog; one beside the page is a region.
    ("side", "panel"): ("dialog", "complementary", "region", "navigation"),
    ("drawer",): ("dialog", "complementary", "navigation"),
    ("panel",): ("dialog", "region", "complementary", "tabpanel", "group"),
    ("pane",): ("dialog", "region", "complementary", "tabpanel", "group"),
    # A section is a part of the page, or the heading that heads it ("the "Install" section" of a README).
    ("section",): ("region", "group", "heading"),
    ("row",): ("row",),
    ("cell",): ("cell", "gridcell"),
    ("column",): ("columnheader",),
    ("text",): ("text", "paragraph", "cell", "heading"),
    ("label",): ("text", "label"),
    ("message",): ("text", "alert", "status", "paragraph"),
    ("paragraph",): ("paragraph", "text"),
    # A drawing surface and what is drawn on it: "the Validate node on the canvas" (a tree's node is an item).
    ("canvas",): ("canvas",),
    ("diagram",): ("canvas",),
    ("node",): ("treeitem", "button"),
}

# Form controls: named by a label, a ``near`` text or the text beside them.
LABELABLE = frozenset({"checkbox", "radio", "switch", "textbox", "searchbox", "combobox", "spinbutton", "slider",
                       "listbox"})  # fmt: skip

# When a description asks for one of these roles, these other roles are half-right.
RELATED_ROLES: dict[str, frozenset[str]] = {
    "button": frozenset({"link", "menuitem", "tab", "switch", "option"}),
    "link": frozenset({"button", "menuitem", "tab"}),
    "textbox": frozenset({"searchbox", "combobox", "spinbutton"}),
    "checkbox": frozenset({"switch", "menuitemcheckbox"}),
    "tab": frozenset({"button", "link"}),
    "menuitem": frozenset({"button", "link"}),
}

# Container words -> the kinds of Element.context entries ("dialog:Confirm") they mean.
CONTAINER_WORDS: dict[str, frozenset[str]] = {
    "dialog": frozenset({"dialog", "alertdialog"}),
    "modal": frozenset({"dialog", "alertdialog"}),
    "popup": frozenset({"dialog", "alertdialog", "menu"}),
    "overlay": frozenset({"dialog", "alertdialog"}),
    "alert": frozenset({"alertdialog", "alert", "dialog"}),
    "form": frozenset({"form"}),
    "row": frozenset({"row", "listitem"}),
    "line": frozenset({"row", "listitem"}),
    "table": frozenset({"table", "grid", "treegrid"}),
    "grid": frozenset({"grid", "table"}),
    # "the list" is what people call any collection of records, drawn as a list or as a table.
    "list": frozenset({"list", "listbox", "table", "grid", "treegrid"}),
    "item": frozenset({"listitem", "row", "article"}),
    "card": frozenset({"article", "listitem", "region", "group"}),
    "tile": frozenset({"article", "listitem", "region", "group"}),
    "entry": frozenset({"listitem", "row", "article"}),
    "section": frozenset({"region", "section", "group", "article", "table"}),  # a captioned table is one too
    "region": frozenset({"region", "section"}),
    "panel": frozenset({"tabpanel", "region", "group", "complementary", "dialog"}),
    "pane": frozenset({"tabpanel", "region", "group", "complementary", "dialog"}),  # a panel, by another name
    "drawer": frozenset({"dialog", "complementary", "navigation"}),
    "area": frozenset({"region", "section", "group"}),
    "tab": frozenset({"tabpanel"}),
    "tabpanel": frozenset({"tabpanel"}),
    "menu": frozenset({"menu", "menubar", "navigation"}),  # a site's "main menu" is its navigation
    "frame": frozenset({"frame"}),
    "iframe": frozenset({"frame"}),
    "sidebar": frozenset({"complementary", "navigation"}),
    "navigation": frozenset({"navigation"}),
    "nav": frozenset({"navigation"}),
    "navbar": frozenset({"navigation", "banner"}),
    "header": frozenset({"banner"}),
    "banner": frozenset({"banner"}),
    "footer": frozenset({"contentinfo"}),
    "toolbar": frozenset({"toolbar"}),
    "fieldset": frozenset({"group"}),
    "post": frozenset({"article", "listitem", "region", "group"}),
    "column": frozenset({"column"}),
    "group": frozenset({"group", "radiogroup"}),
    "canvas": frozenset({"canvas"}),
    "diagram": frozenset({"canvas"}),
    "calendar": frozenset({"calendar"}),  # a month grid (the snapshot marks it): "20 in the calendar"
}

# The kind of container a table's head row is (locator.relations reads it off the rows: locator.rows.head_rows).
HEAD_ROW = "headrow"

# Two-word names of page regions: "the LOGIN button in the top bar" is in the page's banner.
REGION_PHRASES: dict[tuple[str, str], frozenset[str]] = {
    # A table's head: the row (or rows) of its column headings, with its select-all box and filter boxes.
    ("table", "header"): frozenset({HEAD_ROW}), ("table", "head"): frozenset({HEAD_ROW}),
    ("grid", "header"): frozenset({HEAD_ROW}), ("header", "row"): frozenset({HEAD_ROW}),
    ("heading", "row"): frozenset({HEAD_ROW}), ("headings", "row"): frozenset({HEAD_ROW}),
    ("top", "bar"): frozenset({"banner", "toolbar", "navigation", "menubar"}),
    ("app", "bar"): frozenset({"banner", "toolbar", "navigation"}),
    ("title", "bar"): frozenset({"banner", "toolbar"}),
    ("header", "bar"): frozenset({"banner", "toolbar", "navigation"}),
    ("nav", "bar"): frozenset({"navigation", "banner"}),
    ("navigation", "bar"): frozenset({"navigation", "banner"}),
    ("menu", "bar"): frozenset({"menubar", "navigation", "toolbar"}),
    ("tool", "bar"): frozenset({"toolbar"}),
    ("bottom", "bar"): frozenset({"contentinfo", "toolbar", "navigation"}),
    ("side", "bar"): frozenset({"complementary", "navigation"}),
    ("side", "panel"): frozenset({"complementary", "navigation", "region", "dialog"}),
    ("page", "header"): frozenset({"banner"}),
    ("page", "footer"): frozenset({"contentinfo"}),
}

# Words joining a container kind and its name: "the row for leo", "the card with Blue shirt".
CONTAINER_LINKS = frozenset(
    {"for", "of", "with", "containing", "named", "called", "labelled", "labeled", "about", "by"}
)
# Nouns that only say what the row is about: "for the user @leo".
ROW_NOUNS = frozenset({"user", "customer", "person", "member", "employee", "contact", "client", "order", "post", "item",
                       "entry", "invite", "product", "result"})  # fmt: skip

ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
    "last": -1, "penultimate": -2,
}  # fmt: skip
# "from the top" / "from the right": which end ordinals count from.
ORDINAL_FROM = {"top": "top", "start": "top", "beginning": "top", "bottom": "bottom", "end": "bottom",
                "left": "left", "right": "right"}  # fmt: skip

SIZE_WORDS: dict[str, str] = {
    "big": "big", "bigger": "big", "biggest": "big", "large": "big", "larger": "big", "largest": "big",
    "huge": "big", "small": "small", "smaller": "small", "smallest": "small", "tiny": "small", "little": "small",
}  # fmt: skip

# The outline of a control: "the round + button" is drawn as a circle (or a pill), a "square" one as a box as wide
# as it is tall with sharp corners. The web driver reports it (attrs.shape); elsewhere it is unknown.
SHAPE_WORDS: dict[str, str] = {"round": "round", "circular": "round", "square": "square"}

COLOUR_WORDS: dict[str, str] = {
    "red": "red", "orange": "orange", "yellow": "yellow", "gold": "yellow", "green": "green",
    "teal": "cyan", "cyan": "cyan", "turquoise": "cyan", "blue": "blue", "navy": "blue",
    "purple": "purple", "violet": "purple", "indigo": "purple", "pink": "pink", "magenta": "pink",
    "brown": "brown", "black": "black", "white": "white", "gray": "gray", "grey": "gray",
    "silver": "gray",
}  # fmt: skip

# Positional relation phrases -> relation kind. Longest first when matching.
POSITION_PHRASES: dict[tuple[str, ...], str] = {
    ("to", "the", "left", "of"): "left",
    ("to", "the", "right", "of"): "right",
    ("on", "the", "left", "of"): "left",
    ("on", "the", "right", "of"): "right",
    ("at", "the", "left", "of"): "left",
    ("at", "the", "right", "of"): "right",
    ("left", "of"): "left",
    ("right", "of"): "right",
    ("next", "to"): "near",
    ("close", "to"): "near",
    ("beside",): "near",
    ("near",): "near",
    ("below",): "below",
    ("under",): "below",
    ("beneath",): "below",
    ("underneath",): "below",
    ("above",): "above",
    ("over",): "above",
}
# "just below the Assignee", "right above the table": an intensifier says the same side (how close is not scored).
POSITION_PHRASES.update({(lead, *phrase): kind for phrase, kind in list(POSITION_PHRASES.items()) if kind != "near"
                         for lead in ("just", "right", "directly", "immediately")})  # fmt: skip
CONTAINER_PHRASES: dict[tuple[str, ...], str] = {
    ("inside",): "in",
    ("within",): "in",
    ("in",): "in",
    ("on",): "in",
    ("for",): "for",
    ("of",): "in",  # "the Save button of the dialog": only before a container's kind word (see query.py)
}

# Role words that name a kind of control only after a name ("the Rooms filter"); alone ("Filter") they are the name.
NAMED_ONLY_ROLES = frozenset({("filter",), ("tag",), ("chip",), ("pill",)})

LEADING_VERBS = frozenset({"click", "tap", "press", "hit", "locate", "find"})

# Controls known by their look rather than a text: widget phrase -> (roles, the names such a control goes by).
# "the x" is the close button whether its text is "×", "✕" or an aria-label "Close".
_CLOSE = (("button", "link", "img", "text"), ("close", "×", "✕", "✖", "x", "dismiss", "close dialog"))
_BURGER = (("button", "link"), ("☰", "≡", "menu", "open navigation", "toggle navigation", "navigation", "hamburger"))
_KEBAB = (("button", "link"), ("⋮", "…", "...", "more", "more actions", "more options", "options"))
# A check mark drawn as the control's face (a save or confirm button known by its icon).
_CHECK_MARK = (("button", "link", "img"), ("check", "✓", "✔", "checkmark", "check mark", "done"))
WIDGET_NAMES: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {
    ("x",): _CLOSE, ("×",): _CLOSE, ("✕",): _CLOSE, ("✖",): _CLOSE, ("close", "icon"): _CLOSE,
    ("close", "button"): _CLOSE, ("x", "button"): _CLOSE, ("x", "icon"): _CLOSE, ("close", "x"): _CLOSE,
    ("cross",): _CLOSE, ("cross", "icon"): _CLOSE,
    ("hamburger",): _BURGER, ("hamburger", "menu"): _BURGER, ("hamburger", "icon"): _BURGER,
    ("hamburger", "button"): _BURGER, ("menu", "icon"): _BURGER, ("☰",): _BURGER,
    ("⋮",): _KEBAB, ("⋮", "menu"): _KEBAB, ("three", "dots"): _KEBAB, ("three", "dots", "menu"): _KEBAB,
    ("three", "dot", "menu"): _KEBAB, ("kebab", "menu"): _KEBAB, ("overflow", "menu"): _KEBAB,
    ("more", "menu"): _KEBAB, ("dots", "menu"): _KEBAB,
    ("check", "mark"): _CHECK_MARK, ("checkmark",): _CHECK_MARK, ("check", "mark", "button"): _CHECK_MARK,
    ("checkmark", "button"): _CHECK_MARK, ("check", "mark", "icon"): _CHECK_MARK, ("checkmark", "icon"): _CHECK_MARK,
    ("tick", "mark"): _CHECK_MARK, ("tick", "button"): _CHECK_MARK, ("tick", "icon"): _CHECK_MARK,
    # A role phrase with a word that says what the field is for: those fields first, else any of the role.
    ("search", "box"): (("searchbox", "textbox", "combobox"), ("search",)),
    ("search", "field"): (("searchbox", "textbox", "combobox"), ("search",)),
    ("search", "bar"): (("searchbox", "textbox", "combobox"), ("search",)),
    ("search", "input"): (("searchbox", "textbox", "combobox"), ("search",)),
}  # fmt: skip
# A symbol a step quotes ('the "+" button') names a control that shows it, as text or as an icon whose class
# or sprite says what it draws ("fa-plus"): symbol -> the words icon sets use for it.
SYMBOL_NAMES: dict[str, tuple[str, ...]] = {
    "+": ("plus", "add"), "＋": ("plus", "add"), "−": ("minus",), "-": ("minus",), "✎": ("pencil", "edit"), "✏": ("pencil", "edit"),
    "🗑": ("trash", "delete"), "⚙": ("cog", "gear", "settings"), "🔍": ("search",), "↻": ("refresh", "reload"),
    "⟳": ("refresh", "reload"), "★": ("star",), "☆": ("star",), "♥": ("heart",), "❤": ("heart",), "▶": ("play",),
    "✓": ("check",), "✔": ("check",), "🐞": ("bug",), "🐛": ("bug",),
}  # fmt: skip
# Signing in goes by several names; the button a person presses to sign in is whichever one the page shows
# (a page showing two of them is ambiguous). "login" alone is not here: it also names the user-name field.
_SIGN_IN = (("button", "link", "menuitem"), ("sign in", "log in", "login", "signin", "log on", "logon", "sign on"))
WIDGET_NAMES.update({
    ("sign", "in"): _SIGN_IN, ("log", "in"): _SIGN_IN, ("log", "on"): _SIGN_IN, ("sign", "on"): _SIGN_IN,
})  # fmt: skip
# A control known by the picture its icon draws, named after the picture ("the gear icon", "the bell button"): the
# names such a control goes by (its label, id or icon class says what it does, not what it draws).
_ICON_ROLES = ("button", "link", "menuitem", "img")
_PICTURES: dict[str, tuple[str, ...]] = {
    "gear": ("settings", "gear", "cog", "preferences", "configuration"),
    "cog": ("settings", "gear", "cog", "preferences", "configuration"),
    "cogwheel": ("settings", "gear", "cog", "preferences", "configuration"),
    "bell": ("notifications", "notification", "bell", "alerts"),
    "pencil": ("edit", "pencil", "rename"),
    "trash": ("delete", "trash", "remove", "bin"),
    "bin": ("delete", "trash", "remove", "bin"),
    "magnifier": ("search", "magnifier", "find"),
    "house": ("home", "house"),
    "info": ("info", "information", "about", "registry info", "details"),
    "question": ("help", "question", "faq"),
    "person": ("account", "profile", "user", "person", "avatar"),
    "avatar": ("account", "profile", "user", "avatar"),
    "moon": ("dark mode", "theme", "moon", "dark", "light"),
    "sun": ("light mode", "theme", "sun", "light", "dark"),
    "refresh": ("refresh", "reload", "sync"),
    "download": ("download", "export"),
    "upload": ("upload", "import"),
}  # fmt: skip
for _picture, _names in _PICTURES.items():
    for _kind in ("icon", "button"):
        WIDGET_NAMES.setdefault((_picture, _kind), (_ICON_ROLES, _names))
WIDGET_NAMES.setdefault(("magnifying", "glass"), (_ICON_ROLES, _PICTURES["magnifier"]))
WIDGET_NAMES.setdefault(("magnifying", "glass", "icon"), (_ICON_ROLES, _PICTURES["magnifier"]))
# Widget phrases whose names count only as a control's whole name: "Log in" is not "Sign in with Google".
WHOLE_NAMES_ONLY = frozenset({("sign", "in"), ("log", "in"), ("log", "on"), ("sign", "on")})
# Widget phrases whose names are only a preference: with no such name, any element of the role will do.
HINT_ONLY = frozenset({("search", "box"), ("search", "field"), ("search", "bar"), ("search", "input")})
# Descriptions of whatever has the keyboard focus ('Type "x"' with no field named).
FOCUSED = frozenset({"the focused element", "focused element", "the focused field", "focused field",
                     "the active element", "active element", "the current field", "current field"})  # fmt: skip

# Words people use for one another on forms: "the username field" is the one labelled "Login".
# Each group is symmetric; a synonym counts a little less than the word itself.
_SYNONYM_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"username", "login", "userid", "uname"}),
    frozenset({"password", "pwd", "passwd", "passcode", "pass"}),
    frozenset({"phone", "telephone", "tel", "mobile"}),
    frozenset({"zip", "zipcode", "postcode", "postal"}),
    frozenset({"email", "mail"}),
    frozenset({"surname", "lastname"}),
    frozenset({"firstname", "forename"}),
    frozenset({"delete", "remove"}),
    frozenset({"close", "dismiss"}),
)
SYNONYMS: dict[str, frozenset[str]] = {w: group - {w} for group in _SYNONYM_GROUPS for w in group}
