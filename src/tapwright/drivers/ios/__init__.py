"""The iOS driver: WebDriverAgent (WDA) over HTTP + JSON.

:mod:`~tapwright.drivers.ios.source` (the page-source parser) is pure; :mod:`~tapwright.drivers.ios.wda`
is the small async WDA client (httpx); :mod:`~tapwright.drivers.ios.driver` holds :class:`IosDriver`.
"""
