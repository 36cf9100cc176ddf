// Shapes a search response as the `search_tools` tool result: `structuredContent` (matching
// SEARCH_TOOLS_OUTPUT_SCHEMA) for clients that read it, and one text block a model can read directly:
// the ranked tools with name, description and a compact parameter summary, or why nothing was found.
import type { ToolSearchHit, ToolSearchResponse } from '../search-index/tool-search.types';
import { EXECUTE_TOOL_NAME } from './meta-mode-tools';
import { summarizeParameters } from './parameter.summary';

/** Descriptions longer than this are cut in the text block (never in `structuredContent`). */
const MAX_TEXT_DESCRIPTION_LENGTH = 400;

export type SearchToolsStructuredContent = {
  readonly query: string;
  readonly results: readonly ToolSearchHit[];
  readonly totalMatches: number;
  readonly message?: string;
};

export type SearchToolsCallResult = {
  readonly structuredContent: SearchToolsStructuredContent;
  readonly content: [{ readonly type: 'text'; readonly text: string }];
};

export function searchToolsResult(response: ToolSearchResponse): SearchToolsCallResult {
  const structuredContent: SearchToolsStructuredContent = {
    query: response.query,
    results: response.results,
    totalMatches: response.totalMatches,
    ...(response.empty === undefined ? {} : { message: response.empty.message }),
  };
  return { structuredContent, content: [{ type: 'text', text: resultText(response) }] };
}

function resultText(response: ToolSearchResponse): string {
  if (response.results.length === 0) return response.empty?.message ?? `No tools match '${response.query}'.`;
  const shown = response.results.length;
  const count =
    response.totalMatches > shown
      ? `${shown} of ${response.totalMatches} matching tools`
      : `${shown} matching tool${shown === 1 ? '' : 's'}`;
  const header =
    `${count} for '${response.query}', best first. Run one with ${EXECUTE_TOOL_NAME} ` +
    `{"name": "<name>", "arguments": {…}}.`;
  return [header, ...response.results.map(hitText)].join('\n\n');
}

function hitText(hit: ToolSearchHit, index: number): string {
  const title = hit.title === undefined ? '' : ` (${hit.title})`;
  const lines = [`${index + 1}. ${hit.name}${title}`];
  if (hit.description !== undefined && hit.description.trim().length > 0) {
    lines.push(`   ${shorten(hit.description)}`);
  }
  lines.push(`   Arguments: ${summarizeParameters(hit.inputSchema)}`);
  return lines.join('\n');
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_TEXT_DESCRIPTION_LENGTH
    ? line
    : `${line.slice(0, MAX_TEXT_DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}
