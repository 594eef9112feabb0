"""The words of the step grammar: verbs and their synonyms, key names, role words, numbers.

Every verb phrase maps to a *family*; the family decides how the rest of the clause
is read (see ``_actions``). Multi-word phrases win over their first word ("fill in"
over "fill", "go back" over "go").
"""

from __future__ import annotations

import re

# phrase -> family. Phrases are lower-case word tuples matched at the start of a clause.
VERBS: dict[str, str] = {
    # pointer
    "click": "click", "click on": "click", "tap": "click", "tap on": "click", "push": "click",
    "follow": "click", "activate": "click", "hit": "press", "press": "press", "press on": "click",
    "double click": "double_click", "double-click": "double_click", "doubleclick": "double_click",
    "double tap": "double_click", "double-tap": "double_click", "double click on": "double_click",
    "double-click on": "double_click",
    "right click": "right_click", "right-click": "right_click", "rightclick": "right_click",
    "right click on": "right_click", "right-click on": "right_click", "context click": "right_click",
    "context-click": "right_click",
    "hover": "hover", "hover over": "hover", "hover on": "hover", "mouse over": "hover", "mouseover": "hover",
    "move the mouse over": "hover", "move the mouse to": "hover", "move the pointer over": "hover",
    "move the pointer to": "hover", "point at": "hover",
    "focus": "focus", "focus on": "focus", "put the cursor in": "focus", "put focus on": "focus",
    # text
    "type": "type", "enter": "type", "input": "type", "write": "type", "key in": "type", "put": "type",
    "type in": "type",
    "fill": "fill", "fill in": "fill", "fill out": "fill", "populate": "fill", "replace": "fill",
    "set": "set", "change": "set", "update": "set",
    "overwrite": "replace", "move": "move", "slide": "move",
    "clear": "clear", "empty": "clear", "erase": "clear", "wipe": "clear",
    # choices
    "select": "select", "choose": "select", "pick": "select",
    "filter": "filter",
    "check": "check", "tick": "check", "mark": "check",
    "uncheck": "uncheck", "un-check": "uncheck", "untick": "uncheck", "un-tick": "uncheck",
    "deselect": "uncheck", "unselect": "uncheck", "unmark": "uncheck",
    "toggle": "toggle", "flip": "toggle",
    "turn on": "turn_on", "switch on": "turn_on", "enable": "turn_on",
    "turn off": "turn_off", "switch off": "turn_off", "disable": "turn_off",
    # keys and forms
    "submit": "submit",
    # navigation
    "go to": "navigate", "goto": "navigate", "navigate to": "navigate", "visit": "navigate", "browse to": "navigate",
    "load": "navigate", "head to": "navigate", "am on": "navigate", "am at": "navigate", "is on": "navigate", "are on": "navigate",
    "is at": "navigate", "start on": "navigate",
    "start at": "navigate", "open": "open", "open up": "open", "launch": "open",
    "go back": "back", "navigate back": "back", "go back to the previous page": "back", "return to the previous page": "back",
    "go forward": "forward", "navigate forward": "forward",
    "reload": "reload", "refresh": "reload",
    "scroll": "scroll", "scroll down": "scroll", "scroll up": "scroll", "scroll left": "scroll",
    "scroll right": "scroll", "scroll to": "scroll", "scroll into view": "scroll",
    "wait": "wait", "pause": "wait", "sleep": "wait", "wait for": "wait", "wait until": "wait", "wait till": "wait",
    "upload": "upload", "attach": "upload",
    "drag": "drag", "drag and drop": "drag", "drag-and-drop": "drag", "drag & drop": "drag",
    "switch to": "switch", "switch back to": "switch", "change to": "switch",
    "close": "close",
    "take a screenshot": "screenshot", "take screenshot": "screenshot", "screenshot": "screenshot",
    "capture the screen": "screenshot", "capture a screenshot": "screenshot",
    # an app's own verbs: press the control they name (see _domain)
    **dict.fromkeys(("delete", "remove", "add", "like", "unlike", "share", "reply", "save", "publish", "send", "place", "cancel", "accept", "decline", "reject", "approve", "edit", "message", "resend", "revoke", "invite", "archive", "download", "print", "export", "buy", "purchase", "subscribe", "unsubscribe", "register", "apply", "retry", "undo", "rename", "duplicate", "star", "pin", "bookmark", "favourite", "favorite", "mute", "block", "report", "join", "leave", "book", "sign out", "log out", "logout", "sign up", "play", "replay", "unmute", "resume", "refund", "restore", "unpin", "unstar", "unfollow", "unwatch", "flag", "unflag", "merge", "upvote", "downvote", "unsave", "unarchive", "unblock", "unpublish", "unbookmark", "unfavorite", "unfavourite"), "control"),
    "proceed to": "click", "continue to": "click", "go on to": "click", "jump to": "click", "skip to": "click",
    "expand": "expand", "collapse": "expand", "unfold": "expand", "fold": "expand", "open up the": "expand",
    "dismiss": "dismiss", "close out": "dismiss",
    "search": "search", "search for": "search", "look up": "search",
    "rate": "rate", "give": "rate",
    "sign in": "sign_in", "log in": "sign_in", "login": "sign_in", "log on": "sign_in", "signin": "sign_in",
    "am logged in": "sign_in", "am signed in": "sign_in", "am logged on": "sign_in",
    "sort": "sort", "sort by": "sort", "order by": "sort",
    # assertions
    "verify": "verify", "assert": "verify", "expect": "verify", "ensure": "verify", "confirm": "verify",
    "make sure": "verify", "validate": "verify", "check that": "verify", "check if": "verify",
    "check whether": "verify",
}  # fmt: skip

# Longest phrase first so "fill in" wins over "fill".
VERB_PHRASES: list[tuple[tuple[str, ...], str]] = sorted(
    ((tuple(p.split()), f) for p, f in VERBS.items()), key=lambda pf: -len(pf[0])
)

# Canonical phrasings per family: the suggestions shown when a step is rejected.
EXAMPLES: dict[str, list[str]] = {
    "click": ['Click the "Sign in" button', "Tap the Menu icon", 'Click the second "Delete" link in the Leo row'],
    "press": ["Press Enter", 'Press "Control+A" in the Notes field', 'Press the "Save" button'],
    "double_click": ['Double-click the "Report.pdf" row'],
    "right_click": ['Right-click the "Report.pdf" row'],
    "hover": ["Hover over the Account menu"],
    "focus": ["Focus the Search field"],
    "type": [
        'Type "alice" into the Username field',
        "Enter alice as the username",
        'Type "${vars.user}" in the Name field',
    ],
    "fill": ["Fill the Email field with bob@x.com", 'Fill in "Email" with "bob@x.com"'],
    "set": ["Set Quantity to 3", 'Set the Size dropdown to "Large"'],
    "clear": ["Clear the Search field"],
    "move": ["Move the Volume slider to 7"],
    "replace": ['Replace the Title "Draft" with "Final"', 'Replace the Notes with "Call back"'],
    "select": ['Select "Large" from the Size dropdown', "Choose Express shipping"],
    "check": ['Check "Gift wrap"', "Tick the Remember me checkbox"],
    "uncheck": ['Uncheck "Gift wrap"'],
    "toggle": ["Toggle the Dark mode switch"],
    "turn_on": ["Turn on Notifications"],
    "turn_off": ["Turn off Notifications"],
    "submit": ["Submit the form", "Submit the Login form"],
    "navigate": ["Go to /login", "Open https://example.com/shop", "Navigate to ${vars.start_url}"],
    "open": ["Open /login", "Open the Profile tab", "Open a new tab"],
    "back": ["Go back"],
    "forward": ["Go forward"],
    "reload": ["Reload the page"],
    "scroll": ["Scroll down", "Scroll down 300 pixels", "Scroll to the Footer"],
    "wait": ["Wait 2 seconds", 'Wait for "Saved" to appear', "Wait until the spinner disappears"],
    "upload": ['Upload "avatar.png" to the Photo field'],
    "drag": ['Drag "Task 1" to the Done column'],
    "switch": ["Switch to tab 2", 'Switch to the "Help" tab', "Switch to the new tab"],
    "close": ["Close the tab", "Close tab 2"],
    "screenshot": ["Take a screenshot"],
    "dialog": ["Accept the confirmation", "Dismiss the next alert", 'Answer the prompt with "Bob"'],
    "control": ["Delete the row for order #5512", "Like the post by @maria", "Save the draft"],
    "expand": ["Expand Shipping", 'Collapse the "Returns" section'],
    "dismiss": ["Dismiss the cookie banner", "Close the dialog with the x"],
    "search": ['Search for "desk"', 'Search for "desk" using the Filter box'],
    "sign_in": ['Sign in as "sam" with password "pw1"', "Sign in"],
    "sort": ["Sort by Author"],
    "rate": ["Rate the support 8 out of 10", "Give the app 4 stars"],
    "verify": ['Verify that "Welcome" is visible', "Expect the URL to contain /cart", 'Assert the title is "Shop"'],
    "see": ['I should see "Welcome, alice"', 'I should not see "Error"', "I should see the Logout button"],
    "state": [
        'The cart badge should show "1"',
        'The Email field should contain "bob@x.com"',
        "The URL should contain /cart",
    ],
}

# Assertion openings recognised without a verb from VERBS (for suggestions and splitting).
SEE_WORDS = {"see", "find", "notice", "observe", "get"}
SUBJECTS = [("the", "user"), ("a", "user"), ("user",), ("i",), ("we",), ("you",), ("they",)]
GHERKIN = {"given", "when", "then", "and", "but", "*"}
ADVERBS = {"now", "then", "also", "first", "next", "finally", "please", "just", "lastly", "afterwards", "again"}
ARTICLES = {"the", "a", "an"}

# Keys for "press X": lower-case spelling -> Playwright key name.
KEYS: dict[str, str] = {
    "enter": "Enter", "return": "Enter", "escape": "Escape", "esc": "Escape", "tab": "Tab", "space": "Space",
    "spacebar": "Space", "backspace": "Backspace", "delete": "Delete", "del": "Delete", "insert": "Insert",
    "home": "Home", "end": "End", "pageup": "PageUp", "page up": "PageUp", "pagedown": "PageDown",
    "page down": "PageDown", "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
    "arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
    "up arrow": "ArrowUp", "down arrow": "ArrowDown", "left arrow": "ArrowLeft", "right arrow": "ArrowRight",
    "arrow up": "ArrowUp", "arrow down": "ArrowDown", "arrow left": "ArrowLeft", "arrow right": "ArrowRight",
    "shift": "Shift", "control": "Control", "ctrl": "Control", "alt": "Alt", "option": "Alt", "meta": "Meta",
    "cmd": "Meta", "command": "Meta", "win": "Meta", "controlormeta": "ControlOrMeta",
}  # fmt: skip
KEYS.update({f"f{n}": f"F{n}" for n in range(1, 13)})
_COMBO_PART = re.compile(r"^[A-Za-z0-9]$")


def key_name(text: str) -> str | None:
    """The Playwright key for a spoken key ("enter", "Ctrl+A", "the Escape key"), else None."""
    t = " ".join(text.split())
    if t.lower().startswith("the "):
        t = t[4:]
    if t.lower().endswith(" key"):
        t = t[:-4]
    if "+" in t:
        parts = [p.strip() for p in t.split("+")]
        names = [KEYS.get(p.lower()) or (p.upper() if _COMBO_PART.match(p) else None) for p in parts]
        if len(parts) > 1 and all(names):
            return "+".join(n for n in names if n)
        return None
    return KEYS.get(t.lower().replace("-", " "))


# Words that make a description an element rather than text on the page.
ELEMENT_WORDS = {
    "button", "buttons", "link", "links", "field", "fields", "input", "textbox", "textarea", "box", "checkbox",
    "radio", "dropdown", "drop-down", "select", "combobox", "menu", "menuitem", "item", "tab", "tabs", "heading",
    "header", "title", "image", "img", "icon", "logo", "dialog", "modal", "popup", "pop-up", "form", "table",
    "row", "column", "cell", "list", "option", "switch", "slider", "toggle", "badge", "banner", "section",
    "panel", "card", "label", "avatar", "picture", "spinner", "loader", "placeholder", "tooltip", "navbar",
    "sidebar", "footer", "toolbar", "area", "control", "element",
}  # fmt: skip
# Element words whose value is read with verify_value (a form field) rather than verify_text.
FIELD_WORDS = {"field", "input", "textbox", "textarea", "box", "dropdown", "drop-down", "select", "combobox"}
# Words that describe text: '"Saved" message' asserts the text, not an element.
TEXT_WORDS = {"text", "message", "error", "notice", "notification", "toast", "alert", "warning", "words", "string"}

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "half": 0.5, "couple": 2, "few": 3,
}  # fmt: skip
ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
    "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
    "tenth": 10, "10th": 10,
}  # fmt: skip
