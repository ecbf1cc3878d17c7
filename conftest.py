"""Settings every test shares: Hypothesis never depends on wall-clock speed.

The suite runs on busy two-core machines, so no example may fail for being
slow: deadlines are off and the health checks that time the generation are
suppressed. Under ``CI=true`` the examples are also derandomized (the same
examples on every run), so a submission never fails on a new random draw.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "kortpoeng",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "kortpoeng-ci",
    parent=settings.get_profile("kortpoeng"),
    derandomize=True,
)
settings.load_profile("kortpoeng-ci" if os.environ.get("CI") == "true" else "kortpoeng")
