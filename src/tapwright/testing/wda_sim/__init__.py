"""A simulated WebDriverAgent: an iPhone that exists only as WDA's HTTP + JSON protocol.

It plays an app described by a small YAML file (:mod:`tapwright.testing.wda_sim._app`) whose
screens are built from nodes or from real page-source dumps, answers WDA's routes with WDA's
shapes (:mod:`tapwright.testing.wda_sim._server`), and changes screens on taps and typing.
Real WDA clients accept it: the tests drive it with facebook-wda. With ``--appium BASE`` it plays an
Appium server (XCUITest driver) in front of that WDA instead (:mod:`tapwright.testing.wda_sim._appium`),
which the tests drive with Appium-Python-Client.

Run it with ``python -m tapwright.testing.wda_sim APP.yaml [--port N]``; start it from Python
with :class:`tapwright.platforms._ios_sim.SimulatedWda`.
"""
