# tight_check.py: tests/packaging.sh's check that a site's reference is
# enforced: mpigauge_check with a 1-byte latency bound no run can meet
# (0.001 us), so ReFrame must fail it in its performance stage
import os
import sys

import reframe as rfm

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'packaging', 'reframe'))
from mpigauge_check import mpigauge_check  # noqa: E402


@rfm.simple_test
class mpigauge_tight_check(mpigauge_check):
    reference = {'*': {'latency_1B': (0.0005, None, 1.0, 'us')}}
