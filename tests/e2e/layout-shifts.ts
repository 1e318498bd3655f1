import { expect, type Page } from "@playwright/test";

export type Shift = { value: number; moved: string[] };

/** Records the layout shifts of the page from its first paint (what CLS is made of), with what moved; call before the page loads. */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: Shift[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        // A source can be a text node, which has no outerHTML.
        const describe = (node?: Node) => (node instanceof Element ? node.outerHTML.slice(0, 120) : (node?.textContent?.slice(0, 120) ?? "?"));
        if (!e.hadRecentInput) w.shifts.push({ value: e.value, moved: e.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** No layout shift since the page began, however small. */
export async function expectNoLayoutShift(page: Page) {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
  expect(shifts).toEqual([]);
}
