"""Seeds a running Radicale through CalDAV/CardDAV: calendars, events, todos, contacts, a journal."""

import base64
import sys
import urllib.request

URL = sys.argv[1]
AUTH = "Basic " + base64.b64encode(b"maria:zoo-cal-pw").decode()


def call(method: str, path: str, body: str = "", ctype: str = "application/xml") -> None:
    req = urllib.request.Request(URL + path, data=body.encode() or None, method=method,
                                 headers={"Authorization": AUTH, "Content-Type": ctype})
    urllib.request.urlopen(req).close()


def mkcol(path: str, name: str, kind: str, color: str = "", comps: str = "") -> None:
    rtype = {"cal": "<C:calendar/>", "card": "<CR:addressbook/>"}[kind]
    props = f"<D:displayname>{name}</D:displayname>"
    if color:
        props += f"<I:calendar-color>{color}</I:calendar-color>"
    if comps:
        props += "<C:supported-calendar-component-set>" + "".join(
            f'<C:comp name="{c}"/>' for c in comps.split()) + "</C:supported-calendar-component-set>"
    call("MKCOL", path, f"""<?xml version="1.0"?><D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"
 xmlns:CR="urn:ietf:params:xml:ns:carddav" xmlns:I="http://apple.com/ns/ical/"><D:set><D:prop>
 <D:resourcetype><D:collection/>{rtype}</D:resourcetype>{props}</D:prop></D:set></D:mkcol>""")


def event(cal: str, uid: str, summary: str, start: str, end: str, location: str = "") -> None:
    call("PUT", f"{cal}{uid}.ics", f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//zoo//EN\r\nBEGIN:VEVENT\r\n"
         f"UID:{uid}\r\nDTSTAMP:20250501T080000Z\r\nDTSTART:{start}\r\nDTEND:{end}\r\nSUMMARY:{summary}\r\n"
         f"LOCATION:{location}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "text/calendar")


def todo(cal: str, uid: str, summary: str, due: str) -> None:
    call("PUT", f"{cal}{uid}.ics", f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//zoo//EN\r\nBEGIN:VTODO\r\n"
         f"UID:{uid}\r\nDTSTAMP:20250501T080000Z\r\nDUE:{due}\r\nSUMMARY:{summary}\r\nEND:VTODO\r\n"
         "END:VCALENDAR\r\n", "text/calendar")


mkcol("/maria/work/", "Work", "cal", "#1e88e5ff", "VEVENT")
mkcol("/maria/family/", "Family", "cal", "#43a047ff", "VEVENT VTODO")
mkcol("/maria/contacts/", "Contacts", "card")
mkcol("/maria/journal/", "Journal", "cal", "#8e24aaff", "VJOURNAL")
for i, (what, where) in enumerate([("Sprint planning", "Room 4"), ("1:1 with John", "Cafe"), ("Release 2.4", ""),
                                   ("Budget review", "Room 2"), ("Customer call Globex", "Zoom"),
                                   ("Team lunch", "Trattoria")]):
    event("/maria/work/", f"work-{i}", what, f"202506{2 + i:02d}T090000Z", f"202506{2 + i:02d}T100000Z", where)
event("/maria/family/", "fam-1", "Dentist", "20250610T150000Z", "20250610T160000Z", "Main street 5")
event("/maria/family/", "fam-2", "Piano recital", "20250614T170000Z", "20250614T183000Z", "School hall")
event("/maria/family/", "fam-3", "Grandma's birthday", "20250621T120000Z", "20250621T180000Z")
todo("/maria/family/", "todo-1", "Buy a present for Grandma", "20250620T120000Z")
todo("/maria/family/", "todo-2", "Renew passports", "20250701T120000Z")
for i, (name, mail) in enumerate([("John Smith", "john@example.com"), ("Aiko Tanaka", "aiko@example.com"),
                                  ("Pierre Martin", "pierre@example.com"), ("Lena Fischer", "lena@example.com"),
                                  ("Omar Haddad", "omar@example.com")]):
    call("PUT", f"/maria/contacts/c{i}.vcf", f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c{i}\r\nFN:{name}\r\n"
         f"N:{name.split()[1]};{name.split()[0]};;;\r\nEMAIL:{mail}\r\nEND:VCARD\r\n", "text/vcard")
print("seeded radicale for maria")
