/**
 * Translations (docs/configuration.md#fields "Translation": translationType, languageCode; docs/configuration.md#calls "Translations"): the
 * texts of reports, system names, notices and recommendations in the languages a report can be sent in
 * (English is the source). Decisions, since the specification shows no shapes:
 * - A translation is {translation (id), translationType, languageCode, source, text}: `source` is the
 *   English text, `text` its translation; one translation per type, language and source (a second one is
 *   refused, 400).
 * - translations?translationType&languageCode lists one type and language, paged like every list (the
 *   search matches source or text). addTranslation creates, saveTranslation changes one, deleteTranslation
 *   deletes one; saves answer {id}.
 * - The translations are the network's (the platform firm's), like the rest of the knowledge base; roles
 *   1 and 2.
 */
import { z } from 'zod';
import { TRANSLATION_LANGUAGE_CODES, TRANSLATION_TYPES } from '../configuration/constants';
import { defineCall, ok, q, requiredText, savedId } from './define';
import { paged, pagedQuery } from './list';

const base = { access: [1, 2], bff: true } as const;
const type = () => z.enum(TRANSLATION_TYPES, { error: `One of ${TRANSLATION_TYPES.join(', ')}` });
const language = () => z.enum(TRANSLATION_LANGUAGE_CODES, { error: `One of ${TRANSLATION_LANGUAGE_CODES.join(', ')}` });

export const translation = z.object({
  translation: z.number().int(),
  translationType: z.enum(TRANSLATION_TYPES),
  languageCode: z.enum(TRANSLATION_LANGUAGE_CODES),
  source: z.string(),
  text: z.string(),
});
export type Translation = z.infer<typeof translation>;

export const TRANSLATION_SORTS = ['source', 'text'] as const;
export const translations = defineCall({
  ...base,
  method: 'GET',
  path: 'language/translations',
  query: pagedQuery(TRANSLATION_SORTS, 'source', { translationType: type().default('Report'), languageCode: language().default('es') }),
  response: paged(translation),
});

const fields = { translationType: type(), languageCode: language(), source: requiredText(1000), text: requiredText(1000) };
export const addTranslation = defineCall({
  ...base,
  method: 'POST',
  path: 'language/addTranslation',
  body: z.object(fields),
  response: savedId,
});
export const saveTranslation = defineCall({
  ...base,
  method: 'POST',
  path: 'language/saveTranslation',
  body: z.object({ translation: z.number({ error: 'This field is required' }).int().positive(), ...fields }),
  response: savedId,
});
export const deleteTranslation = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'language/deleteTranslation',
  query: z.object({ translation: q.id() }),
  response: ok,
});
