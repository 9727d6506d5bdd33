"""Shared test settings: the Hypothesis profiles (``ci`` is chosen when CI is set). What
every run loads — no progress bars, which tests run, in which worker — is
``tests/every_run.py``."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

