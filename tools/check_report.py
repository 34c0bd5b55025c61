"""Open cwlssvm's HTML reports in headless Chromium (Selenium and chromedriver) and check what a user sees: every
panel renders, hovering shows values, the row selector switches waterfalls, the page has no console errors, and
nothing is fetched from the network (every host name is made unresolvable).

Run: tools/check_report.sh (Debian: apt-get install chromium chromium-driver; pip install selenium)."""

from __future__ import annotations

import os
import sys
import tempfile

import numpy as np
import pandas as pd
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import cwlssvm
from cwlssvm.datasets import make_additive


def reports(folder):
    """(path, number of components) of two reports: the paper's additive example (10 components with bands) and a
    table with text, blanks and pairs."""
    X, y, _ = make_additive(n=300, seed=0)
    additive = cwlssvm.ComponentwiseLSSVRCV().fit(X, y)
    rng = np.random.default_rng(0)
    n = 500
    df = pd.DataFrame({"age": rng.uniform(20, 60, n), "city": rng.choice(["Ghent", "Leuven", "Aalst"], n),
                       "income": rng.normal(size=n), "size": rng.normal(size=n)})
    df.loc[rng.choice(n, 30, replace=False), "income"] = np.nan
    t = np.sin(df.age / 8) + (df.city == "Ghent") + np.nan_to_num(df.income) * df["size"] + rng.normal(0, 0.3, n)
    table = cwlssvm.ComponentwiseLSSVRCV(interactions=[("income", "size"), ("age", "city")]).fit(df, t)
    out = []
    for name, model, rows in (("additive", additive, X[:20]), ("table", table, df.iloc[:20])):
        path = cwlssvm.report(model, rows, os.path.join(folder, f"{name}.html"))
        out.append((path, len(model.components_)))
    return out


def browser():
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1400,1200", '--host-resolver-rules=MAP * ~NOTFOUND'):
        options.add_argument(arg)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def hover_shows(driver, element, expected):
    """Move the mouse onto element; the tooltip must appear and contain ``expected``."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    ActionChains(driver).move_to_element(element).perform()
    tip = driver.find_element(By.ID, "tip")
    text = tip.get_attribute("textContent")
    assert tip.is_displayed() and expected in text, (expected, text)


def check(driver, path, n_components):
    driver.get("file://" + os.path.abspath(path))
    figures = driver.find_elements(By.CSS_SELECTOR, "figure.panel")
    assert len(figures) == n_components, (len(figures), n_components)
    for fig in figures:
        kind = fig.get_attribute("data-kind")
        box = driver.execute_script("var r = arguments[0].querySelector('svg').getBoundingClientRect();"
                                    "return [r.width, r.height, arguments[0].querySelector('svg').childElementCount];", fig)
        assert box[0] > 100 and box[1] > 100 and box[2] > 10, (fig.get_attribute("data-component"), kind, box)
        target = {"curve": "rect.strip", "bars": "rect.bar", "heatmap": "rect.cell", "level-curves": "rect.strip"}[kind]
        elements = fig.find_elements(By.CSS_SELECTOR, target)
        hover_shows(driver, elements[len(elements) // 2], "f = ")
    select = Select(driver.find_element(By.ID, "row-select"))
    select.select_by_value("3")
    shown = [w.get_attribute("data-row") for w in driver.find_elements(By.CSS_SELECTOR, "svg.waterfall") if w.is_displayed()]
    assert shown == ["3"], shown
    step = driver.find_element(By.CSS_SELECTOR, 'svg.waterfall[data-row="3"] rect.step')
    hover_shows(driver, step, "intercept")
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert errors == [], errors
    return len(figures)


def main():
    folder = tempfile.mkdtemp(prefix="cwlssvm-report-")
    driver = browser()
    try:
        version = driver.capabilities.get("browserVersion")
        for path, n_components in reports(folder):
            panels = check(driver, path, n_components)
            print(f"{os.path.basename(path)}: {os.path.getsize(path) / 1e6:.2f} MB, {panels} panels rendered, "
                  "hover and row selector work, no console errors")
        print(f"browser: {driver.capabilities.get('browserName')} {version} (headless, no network)")
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
