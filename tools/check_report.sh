#!/usr/bin/env bash
# Open cwlssvm's HTML reports in headless Chromium and check panels, hover, row selection and console errors.
# Needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver) and Selenium
# (pip install selenium); the test suite checks the same pages' structure without a browser.
set -euo pipefail
cd "$(dirname "$0")/.."
python tools/check_report.py
