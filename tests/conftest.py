"""Shared test settings: Hypothesis profiles (``ci`` is chosen when CI is set), and no
progress bars. Which tests run, and in which worker, is ``tests/selection.py``."""

import os

from hypothesis import HealthCheck, settings

# No progress bar by itself (simulate, wins_alone, round_robin, check_bot): set before any
# kernel starts, so that nbval's kernels (and the browser tests' servers) inherit it and
# the notebooks' outputs stay those committed. A test that wants a bar asks for one.
os.environ["PONDWIDGETS_PROGRESS"] = "0"

settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

