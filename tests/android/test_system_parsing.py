"""Reading Android's answers about permissions, and the names and links the system tools accept (pure)."""

from __future__ import annotations

import pytest

from tapwright.drivers.android.system import parse_permission, permission_name
from tapwright.errors import DriverError, ErrorCode

# The shape of `dumpsys package` on Android 13 (trimmed): requested, install and runtime sections.
DUMPSYS = """Packages:
  Package [com.example.shop] (c0ffee):
    versionName=4.2.0
    requested permissions:
      android.permission.INTERNET
      android.permission.CAMERA
      android.permission.ACCESS_FINE_LOCATION
      android.permission.POST_NOTIFICATIONS
    install permissions:
      android.permission.INTERNET: granted=true
      android.permission.CAMERA_OPEN_CLOSE_LISTENER: granted=true
    User 0: ceDataInode=40961 installed=true hidden=false suspended=false stopped=false
      runtime permissions:
        android.permission.POST_NOTIFICATIONS: granted=false, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED]
        android.permission.CAMERA: granted=true, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED]
        android.permission.ACCESS_FINE_LOCATION: granted=false, flags=[ USER_SENSITIVE_WHEN_GRANTED]
"""


@pytest.mark.parametrize(("name", "requested", "granted", "runtime"), [
    ("android.permission.CAMERA", True, True, True),  # not confused with CAMERA_OPEN_CLOSE_LISTENER
    ("android.permission.POST_NOTIFICATIONS", True, False, True),
    ("android.permission.ACCESS_FINE_LOCATION", True, False, True),
    ("android.permission.INTERNET", True, True, False),  # granted at install: not changeable
    ("android.permission.READ_CONTACTS", False, False, True),  # not asked for
])  # fmt: skip
def test_the_state_of_a_permission_is_read_from_dumpsys(name: str, requested: bool, granted: bool, runtime: bool) -> None:
    state = parse_permission(DUMPSYS, name)
    assert (state.requested, state.granted, state.runtime) == (requested, granted, runtime)


def test_an_app_asking_for_a_permission_it_has_no_grant_line_for_is_requested_and_not_granted() -> None:
    state = parse_permission(DUMPSYS.replace("        android.permission.ACCESS_FINE_LOCATION: granted=false, "
                                             "flags=[ USER_SENSITIVE_WHEN_GRANTED]\n", ""),
                             "android.permission.ACCESS_FINE_LOCATION")  # fmt: skip
    assert state.requested and not state.granted


@pytest.mark.parametrize(("given", "full"), [
    ("CAMERA", "android.permission.CAMERA"), ("camera", "android.permission.CAMERA"),
    ("post_notifications", "android.permission.POST_NOTIFICATIONS"),
    ("android.permission.CAMERA", "android.permission.CAMERA"), ("com.example.permission.C2D", "com.example.permission.C2D"),
])  # fmt: skip
def test_short_permission_names_mean_androids_own(given: str, full: str) -> None:
    assert permission_name(given) == full


@pytest.mark.parametrize("bad", ["CAMERA; reboot", "$(id)", "a b", "android..permission", "1CAMERA"])
def test_a_permission_name_with_other_characters_is_invalid_input(bad: str) -> None:
    with pytest.raises(DriverError) as caught:
        permission_name(bad)
    assert caught.value.code is ErrorCode.INVALID_INPUT


def test_with_several_users_the_first_users_grant_is_read() -> None:
    other = ("    User 10: ceDataInode=0 installed=true\n      runtime permissions:\n"
             "        android.permission.CAMERA: granted=false, flags=[ USER_SET]\n")  # a work profile
    assert parse_permission(DUMPSYS + other, "android.permission.CAMERA").granted is True
