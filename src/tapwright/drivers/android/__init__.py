"""The Android driver: ADB + uiautomator through the adb server (adbutils).

:mod:`~tapwright.drivers.android.hierarchy` (the dump parser) is pure and imports no ADB
library; :mod:`~tapwright.drivers.android.driver` holds :class:`AndroidDriver`.
"""
