import { errorCodes } from '@portal/contracts/errors';
import { describe, expect, it } from 'vitest';
import {
  createI18n,
  dictionaryLanguages,
  errorsNamespace,
  loadErrorTexts,
  type Dictionary,
} from '../../i18n';
import { ApiError } from './api-error';
import { errorCodeKey, errorMessageKey } from './error-message';

// The error catalogue's texts, one file per language (i18n/index.ts loads them as the errors namespace).
const errorTexts = import.meta.glob<{ default: Dictionary }>('../../i18n/namespaces/errors/*.json', {
  eager: true,
});

function textsOf(language: string): Dictionary {
  const module = errorTexts[`../../i18n/namespaces/${errorsNamespace}/${language}.json`];
  if (!module) throw new Error(`No error texts for ${language}`);
  return module.default;
}

function failure(status: number, code: string): ApiError {
  return new ApiError({ status, code, message: `server text for ${code}` });
}

describe('the error catalogue texts', () => {
  const english = textsOf('EN');
  const thai = textsOf('TY');

  it.each(errorCodes)('%s has an English and a Thai text', (code) => {
    expect(typeof english[code] === 'string' && english[code].trim(), `EN ${code}`).toBeTruthy();
    expect(typeof thai[code] === 'string' && thai[code].trim(), `TY ${code}`).toBeTruthy();
  });

  it('has a text for every language with a dictionary', () => {
    for (const language of dictionaryLanguages) expect(() => textsOf(language), language).not.toThrow();
  });

  it('has no text for a code the catalogue does not have', () => {
    const catalogued = new Set<string>(errorCodes);
    for (const language of dictionaryLanguages) {
      const stale = Object.keys(textsOf(language)).filter((code) => !catalogued.has(code));
      expect(stale, language).toEqual([]);
    }
  });

  it('is really translated into Thai', () => {
    const thaiScript = /[\u0E00-\u0E7F]/;
    const untranslated = errorCodes.filter((code) => {
      const text = thai[code];
      return typeof text !== 'string' || text === english[code] || !thaiScript.test(text);
    });
    expect(untranslated).toEqual([]);
  });
});

describe('errorMessageKey', () => {
  it('names the catalogued code first and the generic message as the fallback', () => {
    expect(errorMessageKey(failure(403, 'in_need_true_account'))).toEqual([
      'errors:in_need_true_account',
      'errors.unknown',
    ]);
    expect(errorMessageKey(failure(502, 'gateway_unavailable'))).toEqual([
      'errors:gateway_unavailable',
      'errors.server',
    ]);
  });

  it('keeps the generic messages for client-side failures and uncatalogued codes', () => {
    expect(errorMessageKey(failure(0, 'network'))).toBe('errors.networkAbnormal');
    expect(errorMessageKey(failure(0, 'timeout'))).toBe('errors.networkAbnormal');
    expect(errorMessageKey(failure(200, 'invalid_reply'))).toBe('errors.unknown');
    expect(errorMessageKey(failure(500, 'no_such_code'))).toBe('errors.server');
    expect(errorMessageKey(failure(400, 'no_such_code'))).toBe('errors.unknown');
    expect(errorMessageKey(new Error('boom'))).toBe('errors.unknown');
    // A name of Object.prototype is not a catalogued code.
    expect(errorMessageKey(failure(400, 'constructor'))).toBe('errors.unknown');
  });

  it('shows the generic message until the errors namespace is in, then the code text, in Thai too', async () => {
    const i18n = await createI18n('TY');
    const refused = failure(409, 'insufficient_funds');
    expect(i18n.t(errorMessageKey(refused))).toBe(i18n.t('errors.unknown'));
    await loadErrorTexts(i18n);
    expect(i18n.t(errorMessageKey(refused))).toBe(textsOf('TY')['insufficient_funds']);
    expect(i18n.t(errorCodeKey('insufficient_funds'), { ns: 'games' })).toBe(
      textsOf('TY')['insufficient_funds'],
    );
  });

  it('follows a language switch once the texts are loaded', async () => {
    const i18n = await createI18n('EN');
    await loadErrorTexts(i18n);
    expect(i18n.t(errorMessageKey(failure(409, 'betting_closed')))).toBe(textsOf('EN')['betting_closed']);
    await i18n.changeLanguage('TY');
    expect(i18n.t(errorMessageKey(failure(409, 'betting_closed')))).toBe(textsOf('TY')['betting_closed']);
  });
});
