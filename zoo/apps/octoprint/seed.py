"""Seed an OctoPrint base folder before its first start (run with the app venv's python).

Writes config.yaml (first-run wizards done, access control on, Virtual Printer enabled and
auto-connected, network features off), two printer profiles, small generated G-code files in
folders under uploads/, and two users through OctoPrint's own `octoprint user add` CLI.
"""

import math
import os
import subprocess
import sys
from pathlib import Path

import yaml

base = Path(sys.argv[1])
bin_dir = Path(sys.executable).parent
base.mkdir(parents=True, exist_ok=True)
(base / "uploads").mkdir(exist_ok=True)
(base / "printerProfiles").mkdir(exist_ok=True)

config = {
    "accessControl": {"salt": "zooOctoprintSaltValue0123456789ab"},
    "api": {"key": "zoo-octoprint-api-key-0000000000"},
    "appearance": {"name": "Workshop MK3S", "color": "blue"},
    "server": {
        "firstRun": False,
        "secretKey": "zoo-octoprint-secret-key-0123456789abcdef",
        "onlineCheck": {"enabled": False},
        "pluginBlacklist": {"enabled": False},
        "seenWizards": {"corewizard": 4, "tracking": None, "classicwebcam": 1, "backup": None},
        "commands": {
            "serverRestartCommand": "true",
            "systemRestartCommand": "true",
            "systemShutdownCommand": "true",
        },
    },
    "serial": {
        "port": "VIRTUAL",
        "baudrate": 115200,
        "autoconnect": True,
        "additionalPorts": [],
    },
    "printerProfiles": {"default": "prusa_mk3s"},
    "temperature": {
        "profiles": [
            {"name": "PLA", "extruder": 210, "bed": 60, "chamber": None},
            {"name": "PETG", "extruder": 240, "bed": 85, "chamber": None},
            {"name": "ABS", "extruder": 250, "bed": 100, "chamber": None},
        ]
    },
    "webcam": {"webcamEnabled": False, "timelapseEnabled": False},
    "plugins": {
        "_disabled": ["achievements", "announcements", "tracking", "errortracking", "softwareupdate"],
        "virtual_printer": {"enabled": True, "throttle": 0.1},
        "tracking": {"enabled": False},
        "pluginmanager": {"repository_ttl": 999999999},
    },
}
(base / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))

profiles = [
    {
        "id": "prusa_mk3s", "name": "Prusa i3 MK3S+", "model": "Original Prusa i3 MK3S+", "color": "orange",
        "volume": {"width": 250, "depth": 210, "height": 210, "formFactor": "rectangular",
                   "origin": "lowerleft", "custom_box": False},
        "heatedBed": True, "heatedChamber": False,
        "extruder": {"count": 1, "offsets": [[0, 0]], "nozzleDiameter": 0.4, "sharedNozzle": False,
                     "defaultExtrusionLength": 5},
        "axes": {"x": {"speed": 12000, "inverted": False}, "y": {"speed": 12000, "inverted": False},
                 "z": {"speed": 720, "inverted": False}, "e": {"speed": 300, "inverted": False}},
    },
    {
        "id": "ender3_v2", "name": "Creality Ender-3 V2", "model": "Ender-3 V2", "color": "black",
        "volume": {"width": 220, "depth": 220, "height": 250, "formFactor": "rectangular",
                   "origin": "lowerleft", "custom_box": False},
        "heatedBed": True, "heatedChamber": False,
        "extruder": {"count": 1, "offsets": [[0, 0]], "nozzleDiameter": 0.4, "sharedNozzle": False,
                     "defaultExtrusionLength": 5},
        "axes": {"x": {"speed": 6000, "inverted": False}, "y": {"speed": 6000, "inverted": False},
                 "z": {"speed": 600, "inverted": False}, "e": {"speed": 1500, "inverted": False}},
    },
    {
        "id": "voron_24", "name": "Voron 2.4 (350)", "model": "Voron 2.4 R2", "color": "red",
        "volume": {"width": 350, "depth": 350, "height": 340, "formFactor": "rectangular",
                   "origin": "lowerleft", "custom_box": False},
        "heatedBed": True, "heatedChamber": True,
        "extruder": {"count": 1, "offsets": [[0, 0]], "nozzleDiameter": 0.4, "sharedNozzle": False,
                     "defaultExtrusionLength": 5},
        "axes": {"x": {"speed": 18000, "inverted": False}, "y": {"speed": 18000, "inverted": False},
                 "z": {"speed": 900, "inverted": False}, "e": {"speed": 2400, "inverted": False}},
    },
]
for profile in profiles:
    (base / "printerProfiles" / f"{profile['id']}.profile").write_text(yaml.safe_dump(profile, sort_keys=False))


def gcode(name, shape, size, height, layer=0.2, hotend=210, bed=60, material="PLA"):
    """A small but real G-code file: heat up, home, then one outline per layer."""
    lines = [
        f"; {name} - generated for the OctoPrint zoo",
        f"; filament_type = {material}",
        f"; layer_height = {layer}",
        "G21 ; millimetres",
        "G90 ; absolute positioning",
        "M82 ; absolute extrusion",
        f"M140 S{bed}",
        f"M104 S{hotend}",
        f"M190 S{bed}",
        f"M109 S{hotend}",
        "G28 ; home all axes",
        "G92 E0",
    ]
    cx, cy = 110.0, 100.0
    e = 0.0
    layers = max(1, int(round(height / layer)))
    for n in range(1, layers + 1):
        z = round(n * layer, 2)
        lines.append(f";LAYER:{n - 1}")
        lines.append(f"G1 Z{z:.2f} F720")
        if shape == "circle":
            pts = [(cx + size / 2 * math.cos(a * math.pi / 12), cy + size / 2 * math.sin(a * math.pi / 12))
                   for a in range(25)]
        else:
            h = size / 2
            pts = [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h), (cx - h, cy - h)]
        lines.append(f"G0 X{pts[0][0]:.2f} Y{pts[0][1]:.2f} F9000")
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            e += math.hypot(x1 - x0, y1 - y0) * 0.033
            lines.append(f"G1 X{x1:.2f} Y{y1:.2f} E{e:.4f} F1800")
    lines += ["M104 S0", "M140 S0", "G1 Z{:.2f} F720".format(min(height + 10, 200)), "G28 X0", "M84", "; end"]
    return "\n".join(lines) + "\n"


# (folder, file name, shape, size mm, height mm, hotend, bed, material)
files = [
    ("", "bed_level_test.gcode", "square", 180, 0.2, 210, 60, "PLA"),
    ("", "test_cube_20mm.gcode", "square", 20, 6, 210, 60, "PLA"),
    ("", "desk_organizer.gcode", "circle", 90, 60, 210, 60, "PLA"),
    ("calibration", "xyz_cube.gcode", "square", 20, 8, 210, 60, "PLA"),
    ("calibration", "temp_tower_petg.gcode", "square", 15, 12, 240, 85, "PETG"),
    ("calibration", "first_layer_patch.gcode", "square", 60, 0.4, 210, 60, "PLA"),
    ("calibration", "flow_ring.gcode", "circle", 40, 3, 210, 60, "PLA"),
    ("functional", "cable_clip.gcode", "square", 12, 4, 210, 60, "PLA"),
    ("functional", "wall_hook.gcode", "square", 30, 10, 240, 85, "PETG"),
    ("functional", "phone_stand.gcode", "square", 70, 14, 210, 60, "PLA"),
    ("functional", "spool_holder_bracket.gcode", "circle", 50, 16, 250, 100, "ABS"),
    ("functional/kitchen", "bag_clip.gcode", "square", 40, 3, 210, 60, "PLA"),
    ("functional/kitchen", "spice_rack_peg.gcode", "circle", 18, 20, 240, 85, "PETG"),
    ("gifts", "star_keychain.gcode", "circle", 35, 2, 210, 60, "PLA"),
    ("gifts", "name_plate_emma.gcode", "square", 80, 2.4, 210, 60, "PLA"),
    ("gifts", "snowflake_ornament.gcode", "circle", 60, 1.6, 210, 60, "PLA"),
]
stamp = 1_761_990_000  # 2025-11-01 09:40 UTC; each file a day and a bit later than the one before
for i, (folder, name, shape, size, height, hotend, bed, material) in enumerate(files):
    target = base / "uploads" / folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(gcode(name, shape, size, height, hotend=hotend, bed=bed, material=material))
    t = stamp + i * 97_000
    os.utime(target, (t, t))

for folder in ["functional/kitchen", "calibration", "functional", "gifts"]:
    os.utime(base / "uploads" / folder, (stamp, stamp))

# the bundled File Check plugin: mark its full check as done so its wizard does not open on login
(base / "data" / "file_check").mkdir(parents=True, exist_ok=True)
(base / "data" / "file_check" / "last_check_info.json").write_text('{"version": 1, "timestamp": %d}' % stamp)

octoprint = str(bin_dir / "octoprint")
subprocess.run([octoprint, "--basedir", str(base), "user", "add", "--password", "zoo-octo-pw", "--admin", "admin"], check=True)
subprocess.run([octoprint, "--basedir", str(base), "user", "add", "--password", "zoo-bob-pw", "--group", "users", "bob"], check=True)
print("seeded", base)
