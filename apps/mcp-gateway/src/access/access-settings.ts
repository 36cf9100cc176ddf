// Access-control settings derived once from the gateway configuration.
import { protectedResourceMetadataUrl } from './oidc';

export interface AccessSettings {
  /** The spec's `Admin:GroupSid` (GATEWAY_ADMIN_GROUP_SID). */
  readonly adminGroupSid: string;
  /** The gateway's public URL: its OAuth resource identifier. */
  readonly resource: string;
  /** Absolute URL of the RFC 9728 document, for `WWW-Authenticate`. */
  readonly resourceMetadataUrl: string;
}

export const ACCESS_SETTINGS = Symbol('ACCESS_SETTINGS');

export function accessSettings(adminGroupSid: string, publicUrl: string): AccessSettings {
  return { adminGroupSid, resource: publicUrl, resourceMetadataUrl: protectedResourceMetadataUrl(publicUrl) };
}
