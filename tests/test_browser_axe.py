"""An axe-core audit (the npm package, injected into the page) of every page in light and dark:
no serious or critical violation once the board is drawn."""

from __future__ import annotations

import pytest
from conftest import ROOT

pytestmark = pytest.mark.browser
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PAGES = {"index": "main", "sudoku": "#aria-board [role=gridcell]", "skyscrapers": "#aria-board [role=gridcell]",
         "sliding": "#aria-board [role=gridcell]", "genius": "#aria-board [role=gridcell]",
         "ubongo": "#aria-board [role=gridcell]", "watch": "#aria-a [role=gridcell]", "stats": "body[data-ready]",
         "learn": "canvas[data-drawn]"}


def audit(page, site_url: str) -> list[str]:
    """axe's serious and critical violations, one line each (rule, impact, the first few targets).

    axe is served as if from the site (a routed same-origin URL) so the page's content security
    policy, which forbids inline scripts, lets it run."""
    page.route("**/__axe.js", lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
    page.add_script_tag(url=f"{site_url}/__axe.js")
    found = page.evaluate("""async () => {
        const r = await axe.run(document);
        return {passes: r.passes.length, bad: r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
            .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(', '))};
    }""")
    assert found["passes"] >= 10, "axe did not audit the page"  # it ran: many rules were checked and passed
    return list(found["bad"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_no_serious_violation(watch, site_url: str, name: str, scheme: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: build.py test installs the npm packages (npm ci)")
    page = watch.page
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}/{name}.html")
    page.wait_for_selector(PAGES[name], state="attached", timeout=60_000)
    page.wait_for_function("document.querySelector('#message') === null || document.body.dataset.ready || "
                           "document.querySelector('#message').innerText.trim().length > 0", timeout=60_000)
    assert page.evaluate("document.documentElement.classList.contains('dark')") == (scheme == "dark")
    violations = audit(page, site_url)
    assert violations == [], "\n".join(violations)
