// Server hints: an agent that writes "…in Jira", "…on Google Drive" or "…via incident.io" has chosen
// the product, so that server's tools should outrank look-alikes elsewhere ("ticket" on Zendesk,
// "issue" on five forges). A server is hinted when the query contains its id or its display name as
// a whole phrase (the same words, in order, after analysis), or written as one word (`newrelic` for
// New Relic). Words in parentheses of a display name ("SFTP (build server)") are a remark, not part
// of the name. Phrases are kept by their first word and by their joined form, so finding the hinted
// servers costs a few look-ups per query word, however many servers there are.
import { analyzeText } from '../text/term.analyzer';

/** One analyzed name of a server, and the server. */
interface ServerPhrase {
  readonly serverId: string;
  readonly words: readonly string[];
}

export class ServerHints {
  private readonly byFirstWord = new Map<string, ServerPhrase[]>();
  private readonly byJoinedForm = new Map<string, ServerPhrase[]>();
  private readonly phrasesOf = new Map<string, readonly ServerPhrase[]>();

  /** Indexes the names of a server (its id and display name), replacing earlier ones. */
  set(serverId: string, displayName: string | undefined): void {
    this.delete(serverId);
    const phrases = serverPhrases(serverId, displayName);
    for (const phrase of phrases) {
      addTo(this.byFirstWord, phrase.words[0] as string, phrase);
      addTo(this.byJoinedForm, phrase.words.join(''), phrase);
    }
    this.phrasesOf.set(serverId, phrases);
  }

  delete(serverId: string): void {
    for (const phrase of this.phrasesOf.get(serverId) ?? []) {
      removeFrom(this.byFirstWord, phrase.words[0] as string, phrase);
      removeFrom(this.byJoinedForm, phrase.words.join(''), phrase);
    }
    this.phrasesOf.delete(serverId);
  }

  /** Ids of the servers the query names. */
  namedIn(query: string): Set<string> {
    const sequence = analyzeText(query, { compounds: false });
    const named = new Set<string>();
    sequence.forEach((word, start) => {
      for (const phrase of this.byFirstWord.get(word) ?? []) {
        if (phrase.words.every((part, at) => sequence[start + at] === part)) named.add(phrase.serverId);
      }
    });
    // Written as one word: `newrelic`, `incidentio`, or `GitHub` (split by case, joined again).
    for (const term of analyzeText(query)) {
      for (const phrase of this.byJoinedForm.get(term) ?? []) named.add(phrase.serverId);
    }
    return named;
  }
}

/** The analyzed words of a server's id and display name (without remarks in parentheses). */
export function serverNameWords(serverId: string, displayName: string | undefined): Set<string> {
  return new Set(
    serverNames(serverId, displayName).flatMap((name) => analyzeText(name, { compounds: false })),
  );
}

function serverNames(serverId: string, displayName: string | undefined): string[] {
  return [serverId, ...(displayName === undefined ? [] : [displayName.replace(/\([^)]*\)/gu, ' ')])];
}

function serverPhrases(serverId: string, displayName: string | undefined): ServerPhrase[] {
  const phrases: ServerPhrase[] = [];
  const seen = new Set<string>();
  for (const name of serverNames(serverId, displayName)) {
    const words = analyzeText(name, { compounds: false });
    const key = words.join(' ');
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    phrases.push({ serverId, words });
  }
  return phrases;
}

function addTo(map: Map<string, ServerPhrase[]>, key: string, phrase: ServerPhrase): void {
  map.set(key, [...(map.get(key) ?? []), phrase]);
}

function removeFrom(map: Map<string, ServerPhrase[]>, key: string, phrase: ServerPhrase): void {
  const remaining = (map.get(key) ?? []).filter((other) => other !== phrase);
  if (remaining.length === 0) map.delete(key);
  else map.set(key, remaining);
}
