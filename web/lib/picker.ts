// A picker for a field of tokens (a game's companion.json `tokens`: fortress's
// happenings): the referee picks what happened and the names it takes, in
// words, and the picker composes the tokens the command takes. The tokens
// themselves can still be typed (an advanced fallback), and what is typed is
// shown in words as well.
import { h, fill } from './dom';
import { composeToken, joinTokens, kindsFor, nameShown, namesOf, slotsOf, valueWords } from './tokens';
import type { Names, TokenField, TokenKind } from './tokens';

/**
 * The picker of field `key` of command `cmd`: its value is the text input named `key`. `start`, when given, is
 * what it may start from (fortress's fix: the last stroke's tokens, as the board has them now), with its words.
 */
export function tokenPicker(key: string, cmd: string, field: TokenField, names: Names, start?: { words: string; tokens: () => string }): HTMLElement {
  const kinds = kindsFor(field, cmd);
  const typed = h('input', { name: key, type: 'text', value: field.none, spellcheck: 'false', autocapitalize: 'off' });
  const list = h('ol', { class: 'picked' });
  const tokens = (): string[] => typed.value.split(' ').filter((t) => t !== '' && t !== field.none);
  const showList = (): void => {
    const shown = valueWords(field, names, typed.value);
    const picked = tokens();
    fill(list, ...shown.map((words, i) => h('li', {}, words, picked.length ? h('button', { type: 'button', class: 'remove', title: 'take this one out', onclick: () => {
      picked.splice(i, 1);
      typed.value = joinTokens(field, picked);
      showList();
    } }, '✕') : null)));
  };
  typed.addEventListener('input', showList);
  // What happened, then the names it takes, in a sentence (`[ball] went into [fort], its bell rang`).
  const kind = h('select', { class: 'kind' }, ...kinds.map((k, i) => h('option', { value: i }, k.label)));
  const sentence = h('span', { class: 'sentence' });
  const slotChoices = (k: TokenKind): HTMLSelectElement[] => slotsOf(k).map((slot) => {
    const choices = namesOf(names, slot);
    return h('select', { 'data-slot': slot }, ...Object.keys(choices).map((id) => h('option', { value: id }, nameShown(choices[id], id))));
  });
  let slots: HTMLSelectElement[] = [];
  const showSentence = (): void => {
    const k = kinds[+kind.value];
    slots = slotChoices(k);
    const parts = k.words.split(/\{\w+\}/);
    fill(sentence, ...parts.flatMap((text, i) => [text, slots[i] ?? null]));
  };
  kind.addEventListener('change', showSentence);
  showSentence();
  const add = h('button', { type: 'button', class: 'add', onclick: () => {
    const k = kinds[+kind.value];
    const chosen: Record<string, string> = {};
    slotsOf(k).forEach((slot, i) => { chosen[slot] = slots[i].value; });
    typed.value = joinTokens(field, tokens().concat([composeToken(k, chosen)]));
    showList();
  } }, 'add');
  const clear = h('button', { type: 'button', class: 'clear', onclick: () => { typed.value = field.none; showList(); } }, 'none: ' + field.words);
  const from = start ? h('button', { type: 'button', class: 'from', onclick: () => { typed.value = start.tokens() || field.none; showList(); } }, 'start from ' + start.words) : null;
  showList();
  return h('div', { class: 'picker', 'data-tokens': key }, list, h('div', { class: 'pick' }, kind, ' ', sentence, ' ', add, ' ', clear, ' ', from),
    h('details', {}, h('summary', {}, 'advanced: type the tokens'), typed));
}
