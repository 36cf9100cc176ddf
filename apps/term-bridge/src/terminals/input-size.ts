// The one check of how much text may be typed at once (TERM_BRIDGE_MAX_INPUT_BYTES), for chat
// messages and MCP `send_text` alike; the same 400 `input_too_large` everywhere.
import { BridgeErrors } from '../errors/bridge-errors';

export function assertInputSize(text: string, maxBytes: number): void {
  // A UTF-8 character is at most 3 bytes per UTF-16 code unit, so short texts skip the count.
  if (text.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(text);
  if (bytes > maxBytes) throw BridgeErrors.inputTooLarge(bytes, maxBytes);
}
