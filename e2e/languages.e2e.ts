import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../apps/server/src/config';
import { openPage, sql, useBrowser } from './browser';

useBrowser();

interface Dictionary {
  [key: string]: string | Dictionary;
}

const i18nDir = path.join(repoRoot, 'apps/web/src/i18n');

function read(file: string): Dictionary {
  return JSON.parse(fs.readFileSync(path.join(i18nDir, file), 'utf8')) as Dictionary;
}

function entries(dictionary: Dictionary, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

/** The dictionaries the home page uses: the shell's and the games and content namespaces. */
const homeFiles = (code: string) => [
  `locales/${code}.json`,
  `namespaces/games/${code}.json`,
  `namespaces/content/${code}.json`,
];

/**
 * English texts a page in `code` must never show: every English string of the home page's dictionaries
 * that the language translates differently (a fallback to English would show it), and every key path
 * (a missing key shows its path). Short and parameterised strings are left out: they may legitimately be
 * part of a game or vendor name.
 */
function forbiddenTexts(code: string): Set<string> {
  const forbidden = new Set<string>();
  for (const [index, file] of homeFiles('EN').entries()) {
    const translated = new Map(entries(read(homeFiles(code)[index]!)));
    for (const [key, english] of entries(read(file))) {
      forbidden.add(key);
      const own = translated.get(key.replace(/_(one|other)$/, '_other'));
      if (english.includes('{{') || english.length < 4 || own === english) continue;
      forbidden.add(english);
    }
  }
  return forbidden;
}

/** Every text node and every aria-label, placeholder and title on the page, trimmed. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

const languages = [
  {
    code: 'VN',
    tag: 'vi',
    welcome: 'Chào mừng đến với Demo Portal',
    login: 'Đăng nhập',
    languageLabel: 'Ngôn ngữ',
    helpLink: 'Về chúng tôi',
    // Vietnamese groups thousands with dots and separates decimals with a comma.
    jackpot: /^\d{1,3}(\.\d{3})+,\d{2}$/,
  },
  {
    code: 'CN',
    tag: 'zh-Hans',
    welcome: '欢迎来到Demo Portal',
    login: '登录',
    languageLabel: '语言',
    helpLink: '关于我们',
    jackpot: /^\d{1,3}(,\d{3})+\.\d{2}$/,
  },
] as const;

describe('the shipped languages', () => {
  it.each(languages)(
    'switches home to $code: translated texts, <html lang="$tag">, Intl numbers, no English fallback or raw key',
    async (language) => {
      const { page, errors } = await openPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome to Demo Portal' }).waitFor();

      const select = page.getByLabel('Language');
      // The selector offers the language (the demo merchant offers it, and its dictionaries are complete)
      // under its own name, as the browser's Intl names it.
      const ownName = await page.evaluate(
        (tag) => new Intl.DisplayNames([tag], { type: 'language' }).of(tag),
        language.tag,
      );
      expect(ownName).not.toBe(language.tag);
      expect((await select.locator(`option[value="${language.code}"]`).textContent())?.toLowerCase()).toBe(
        ownName?.toLowerCase(),
      );
      await select.selectOption(language.code);
      await page.waitForFunction((tag) => document.documentElement.lang === tag, language.tag);
      await page.getByRole('heading', { name: language.welcome }).waitFor();
      await page.getByText(language.login, { exact: true }).first().waitFor();
      await page.getByLabel(language.languageLabel).waitFor();
      // The help articles the server seeded in this language.
      await page.getByRole('contentinfo').getByRole('link', { name: language.helpLink }).waitFor();
      // The lazy namespaces of the home page (games, content) have arrived in the language too.
      await page.locator('#jackpot-title').filter({ hasNotText: 'Jackpot' }).waitFor();
      expect((await page.locator('.jackpot__value').textContent())?.trim()).toMatch(language.jackpot);

      const forbidden = forbiddenTexts(language.code);
      // The merchant's own content is in the words the operator typed (the demo's customer service entry
      // is named "Live chat"): only the product's texts are checked.
      const entries = await sql(`select name from customer_service_entries`);
      for (const row of entries.rows as { name: string }[]) forbidden.delete(row.name);
      const shown = await shownTexts(page);
      expect(shown.filter((text) => forbidden.has(text))).toEqual([]);

      // The choice survives a reload.
      await page.reload();
      await page.getByRole('heading', { name: language.welcome }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language.tag);
      expect(errors).toEqual([]);
    },
  );
});
