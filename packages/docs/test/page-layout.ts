/**
 * Layout measurements the browser test takes in the rendered reference: where inline code in
 * table cells breaks, whether a code sample shows every character, and whether a link or image is
 * empty. Each runs in the page and returns what it found wrong, in words, so a failing test shows
 * the defect (`MISSING_FIE|LDS`).
 */
import type { Locator, Page } from 'playwright-core';

/** What {@link tableCodeBreaks} measured. */
export interface TableCodeBreaks {
  /** the visible inline codes in table cells that were measured */
  codes: string[];
  /** each line break inside a word of a code, shown as `before|after` */
  insideWords: string[];
}

/**
 * Measures every visible inline code in a table cell (`td code`, `th code`, whatever the table):
 * a line may break at a space or after punctuation (`_`, `/`, `-`, ...), never between two
 * letters or digits.
 */
export function tableCodeBreaks(page: Page): Promise<TableCodeBreaks> {
  return page.evaluate(() => {
    const codes: string[] = [];
    const insideWords: string[] = [];
    for (const code of Array.from(document.querySelectorAll('td code, th code'))) {
      if (code.getClientRects().length === 0) {
        continue;
      }
      const text = code.textContent ?? '';
      codes.push(text);
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let offset = 0;
      let previous: { index: number; top: number; height: number } | undefined;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        for (let index = 0; index < length; index += 1) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) {
            continue;
          }
          const at = offset + index;
          if (previous && rect.top > previous.top + previous.height / 2) {
            // From the last character of the line to the first of the next: a space may lie between.
            const gap = text.slice(previous.index, at + 1);
            if (/^[A-Za-z0-9]+$/.test(gap)) {
              insideWords.push(`${text.slice(0, at)}|${text.slice(at)}`);
            }
          }
          previous = { index: at, top: rect.top, height: rect.height };
        }
        offset += length;
      }
    }
    return { codes, insideWords };
  });
}

/**
 * What of a code sample (`pre`) a reader cannot see: a horizontal scroll, text outside the
 * sample's box, or text under the copy button of its code block.
 */
export function hiddenSampleText(sample: Locator): Promise<string[]> {
  return sample.evaluate((pre) => {
    const problems: string[] = [];
    if (pre.scrollWidth > pre.clientWidth) {
      problems.push(`scrolls sideways: ${pre.scrollWidth} px of text in ${pre.clientWidth} px`);
    }
    const box = pre.getBoundingClientRect();
    const block = pre.closest('[data-component-name="CodeBlock/CodeBlock"]') ?? pre.parentElement ?? pre;
    const buttons = Array.from(block.querySelectorAll('button'))
      .map((button) => button.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0);
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const hidden = new Set<string>();
      for (let index = 0; index < text.length; index += 1) {
        if (/\s/.test(text[index] ?? '')) {
          continue;
        }
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) {
          continue;
        }
        if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5) {
          hidden.add("outside the sample's box");
        } else if (
          buttons.some((b) => rect.left < b.right && rect.right > b.left && rect.top < b.bottom && rect.bottom > b.top)
        ) {
          hidden.add('under the copy button');
        }
      }
      for (const where of hidden) {
        problems.push(`${where}: ${text.trim()}`);
      }
    }
    return problems;
  });
}

/**
 * Visible images that did not load, visible links that name nobody (text ending in "by" with no
 * logo, as the footer's "API docs by" badge did once its remote logo was replaced for the
 * self-contained page), and empty boxes in the sidebar's footer (the row of the colour-mode
 * switch): each of its parts must show text, an icon or a loaded image.
 */
export function emptyImagesAndBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return element.getClientRects().length > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    };
    const loaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0;
    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const hasPicture = (element: Element) =>
      Array.from(element.querySelectorAll('img, svg')).some(
        (image) => visible(image) && (!(image instanceof HTMLImageElement) || loaded(image)),
      );
    const problems: string[] = [];
    for (const image of Array.from(document.querySelectorAll('img'))) {
      if (visible(image) && !loaded(image)) {
        problems.push(`image not loaded: ${image.alt || image.src.slice(0, 60)}`);
      }
    }
    for (const link of Array.from(document.querySelectorAll('a'))) {
      if (visible(link) && /\bby$/i.test(textOf(link)) && !hasPicture(link)) {
        problems.push(`link "${textOf(link)}" to ${link.getAttribute('href')} names nobody`);
      }
    }
    let footer = document.querySelector('[data-testid="color-mode-switcher"]')?.parentElement ?? null;
    while (footer && getComputedStyle(footer).position !== 'sticky') {
      footer = footer.parentElement;
    }
    if (!footer) {
      problems.push('no sidebar footer (the sticky row of the colour-mode switch) found');
    }
    for (const part of Array.from(footer?.children ?? [])) {
      if (visible(part) && textOf(part) === '' && !hasPicture(part)) {
        problems.push(`empty box in the sidebar footer: <${part.tagName.toLowerCase()} class="${part.className}">`);
      }
    }
    return problems;
  });
}
