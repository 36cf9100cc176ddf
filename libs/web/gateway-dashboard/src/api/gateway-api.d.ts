// Generated from the MCP gateway's OpenAPI document by `npm run api-types`: do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MetricsController_scrape"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalog/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Items each listed (enabled, not hidden) server offers; null where unknown (a server not connected and never listed). */
        get: operations["CatalogCountsController_counts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appkeys/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Key quotas (0 = unlimited) and how many active keys count against them. */
        get: operations["AppKeysController_limits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active keys: all of them for administrators, your own otherwise. Never digests. */
        get: operations["AppKeysController_list"];
        put?: never;
        /** Create a key; the plaintext key is in `plaintextKey`, shown this once only. */
        post: operations["AppKeysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key at once; it never authenticates again. */
        delete: operations["AppKeysController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appkeys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the secret: the old key stops working, the new one is returned once. */
        post: operations["AppKeysController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active keys: all of them for administrators, your own otherwise. Never digests. */
        get: operations["ClientsController_list"];
        put?: never;
        /** Create a key; the plaintext key is in `plaintextKey`, shown this once only. */
        post: operations["ClientsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key at once; it never authenticates again. */
        delete: operations["ClientsController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the secret: the old key stops working, the new one is returned once. */
        post: operations["ClientsController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AccessPoliciesController_list"];
        put?: never;
        post: operations["AccessPoliciesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["AccessPoliciesController_replace"];
        post?: never;
        delete: operations["AccessPoliciesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group-mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["GroupMappingsController_list"];
        put?: never;
        post: operations["GroupMappingsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group-mappings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["GroupMappingsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SettingsController_read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["SettingsController_update"];
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MeController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 9728 protected-resource metadata of the gateway. */
        get: operations["ProtectedResourceController_metadata[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 9728 protected-resource metadata of the gateway. */
        get: operations["ProtectedResourceController_metadata[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access/explain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Explain an access decision
         * @description Runs the authorization pipeline that every MCP request passes (the same code, on the live policies and group mappings) for an AppKey or a person and a server or one of its tools, prompts or resources, and answers with each layer's verdict. Nothing is called and nothing is logged.
         */
        post: operations["AccessExplainController_explain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuditController_query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ServersController_list"];
        put?: never;
        /** Register a server (fields as in GATEWAY_SERVERS_FILE entries). */
        post: operations["ServersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ServersController_read"];
        put: operations["ServersController_replace"];
        post?: never;
        delete: operations["ServersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/servers/{id}/reconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Drop the session to the server and connect again now. */
        post: operations["ServersController_reconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/servers/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ServersController_enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/servers/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ServersController_disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test/resources/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a resource as the caller would through MCP */
        post: operations["TestEndpointsController_readResource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test/prompts/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render a prompt as the caller would through MCP */
        post: operations["TestEndpointsController_getPrompt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        HealthReport: {
            /**
             * @example healthy
             * @enum {string}
             */
            status: "healthy";
            /** @example mcp-gateway */
            service: string;
            /** @example 0.1.0 */
            version: string;
            /** @example 42 */
            uptimeSeconds: number;
        };
        ReadinessChecks: {
            /** @enum {string} */
            database: "up" | "down";
            /** @enum {string} */
            migrations: "applied" | "pending" | "unknown";
        };
        ReadinessReport: {
            /** @enum {string} */
            status: "ready" | "not_ready";
            checks: components["schemas"]["ReadinessChecks"];
        };
        CatalogCountsView: {
            serverId: string;
            /** @description null: not known until the server is connected. */
            tools: number | null;
            prompts: number | null;
            resources: number | null;
            resourceTemplates: number | null;
        };
        KeyLimitsView: {
            /** @description GlobalMaxKeys: active machine keys allowed in total; 0 = unlimited. */
            globalMaxKeys: number;
            /** @description UserMaxKeys: active machine keys allowed per user; 0 = unlimited. */
            userMaxKeys: number;
            /** @description Active machine keys in total. */
            globalCount: number;
            /** @description Active machine keys of the caller. */
            userCount: number;
        };
        CreateAppKeyDto: {
            /** @example CI pipeline */
            name: string;
            /** @description Administrators only: create the key for this user. Compared with signed-in user names of the same identity source exactly, except that ASCII letters ignore case. */
            username?: string;
            /**
             * @description Where `username` signs in: `sso`, `oidc:<issuer>#<claim>` (see `GET /api/me` of that user) or `admin-key`. Default: your own source; for an administrator key, the gateway's only sign-in source (required when it has several or none). Naming a source other than your own is creating a key for someone else.
             * @example sso
             */
            identitySource?: string;
            /**
             * @example [
             *       "server:files",
             *       "tool:github__create_issue"
             *     ]
             */
            scopes: string[];
            /** @description Omitted means no expiry. */
            expiresInDays?: number;
        };
        CreatedAppKeyView: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "app_key" | "client" | "admin";
            name: string;
            /** @description The owner's name (spec: Username), within `identitySource`. */
            username: string;
            /**
             * @description Where the owner's name comes from: `sso`, `oidc:<issuer>#<claim>`, `admin-key` (an administrator key's, named by its prefix; no person) or `unassigned` (made before owners had a source, and not placeable: administrators only).
             * @example sso
             */
            identitySource: string;
            /** @example mcp-srv-files-0123456789abcdef0123456789abcdef */
            keyPrefix: string;
            /**
             * @example [
             *       "server:files"
             *     ]
             */
            scopes: string[];
            /** Format: date-time */
            expiresAt?: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt?: string | null;
            /** @description The whole key. Shown once: only its digest is stored. */
            plaintextKey: string;
        };
        AppKeyView: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "app_key" | "client" | "admin";
            name: string;
            /** @description The owner's name (spec: Username), within `identitySource`. */
            username: string;
            /**
             * @description Where the owner's name comes from: `sso`, `oidc:<issuer>#<claim>`, `admin-key` (an administrator key's, named by its prefix; no person) or `unassigned` (made before owners had a source, and not placeable: administrators only).
             * @example sso
             */
            identitySource: string;
            /** @example mcp-srv-files-0123456789abcdef0123456789abcdef */
            keyPrefix: string;
            /**
             * @example [
             *       "server:files"
             *     ]
             */
            scopes: string[];
            /** Format: date-time */
            expiresAt?: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt?: string | null;
        };
        AccessPolicyView: {
            /** Format: uuid */
            id: string;
            /** @example tool:github__create_issue */
            targetId: string;
            /** @example developers */
            requiredGroup: string;
            /** @enum {number} */
            isAllowed: 0 | 1;
            /** @description The identity source whose people the row is about; null: everyone. */
            identitySource: string | null;
            /** Format: date-time */
            createdAt: string;
            createdBy: string;
        };
        AccessPolicyDto: {
            /**
             * @description An RBAC target key: `<target>`, `tool:<id>`, `prompt:<id>`, `resource:<uri>`, `resource_template:<uri>`, `template:<uri>`, `completion:<id>`, `server:<serverId>`, `category:<name>`, `group:<name>`, or `*` for every target (the one wildcard; `tool:*` is a literal key).
             * @example tool:github__create_issue
             */
            targetId: string;
            /**
             * @description A group name, role name or SID. Not a user: give a user a group with a `user:<name>` group mapping.
             * @example developers
             */
            requiredGroup: string;
            /**
             * @description 1 allows, 0 denies (an explicit deny wins over any allow).
             * @enum {number}
             */
            isAllowed: 0 | 1;
            /**
             * @description Only for people signed in from this identity source (`sso` or `oidc:<issuer>#<claim>`), whose groups it states; never for AppKeys. Omitted: everyone, whichever source names the group.
             * @example sso
             */
            identitySource?: string;
        };
        GroupMappingView: {
            /** Format: uuid */
            id: string;
            /** @description As stored: `user:<name>`, a SID in the form it was given, or a group or role name. */
            externalId: string;
            internalGroup: string;
            /** @description The source the row is for; null: every source (never for `user:` rows). `unassigned`: a `user:` row from before sources, which matches nobody. */
            identitySource: string | null;
            /** Format: date-time */
            createdAt: string;
            createdBy: string;
        };
        GroupMappingDto: {
            /**
             * @description What is mapped, as the identity source presents it: `user:<name>` for one user, text spelled like a SID (`S-1-…`) for that SID, anything else for a group or role name. A plain name never matches a user name.
             * @example S-1-5-21-1004336348-1177238915-682003330-512
             */
            externalId: string;
            /**
             * @description The internal group that RBAC policies name.
             * @example developers
             */
            internalGroup: string;
            /**
             * @description The identity source the row is for: `sso`, `oidc:<issuer>#<claim>` or `admin-key`. For `user:<name>`, which user: default your own source, or for an administrator key the gateway's only sign-in source (required when it has several or none). For a group, role or SID: only that source's statements match; omitted, every source's.
             * @example sso
             */
            identitySource?: string;
        };
        SettingsView: {
            /** @description Active machine keys allowed in total; 0 = unlimited. */
            globalMaxKeys: number;
            /** @description Active machine keys allowed per user; 0 = unlimited. */
            userMaxKeys: number;
            /** Format: date-time */
            updatedAt: string;
            updatedBy: string;
        };
        UpdateSettingsDto: {
            globalMaxKeys?: number;
            userMaxKeys?: number;
        };
        MeView: {
            username: string;
            /**
             * @description Where the user name comes from: `sso`, `oidc:<issuer>#<claim>` or `admin-key`; for an AppKey, its owner's. One name from two sources is two people.
             * @example sso
             */
            identitySource: string;
            /** @enum {string} */
            authenticatedBy: "app-key" | "admin-key" | "oauth" | "sso-header";
            isAdministrator: boolean;
            roles: string[];
            groups: string[];
            /** @description Groups after GroupMappings, as RBAC sees them. */
            effectiveGroups: string[];
            sids: string[];
            /** @description For AppKey callers: the key in use. */
            appKey?: Record<string, never>;
        };
        ExplainPrincipalDto: {
            /**
             * Format: uuid
             * @description An active AppKey or client, as `GET /api/appkeys` lists it. Give this alone, or a person.
             */
            keyId?: string;
            /**
             * @description A person's user name, as their identity source states it.
             * @example alice
             */
            user?: string;
            /**
             * @description Where the person signs in from: `sso` or `oidc:<issuer>#<claim>`. Default: your own source, or with the administrator key the gateway's only sign-in source.
             * @example sso
             */
            identitySource?: string;
            /**
             * @description Group names as the source presents them.
             * @example [
             *       "developers"
             *     ]
             */
            groups?: string[];
            /**
             * @description The person's SIDs and group SIDs (the administrator group SID makes them an administrator).
             * @example [
             *       "S-1-5-21-1004336348-1177238915-682003330-513"
             *     ]
             */
            sids?: string[];
        };
        ExplainTargetDto: {
            /**
             * @description A registered server id.
             * @example files
             */
            serverId: string;
            /**
             * @description With `name`: one item of the server. Without both: the server itself (its direct endpoint).
             * @enum {string}
             */
            kind?: "tool" | "prompt" | "resource";
            /**
             * @description The tool or prompt name, or the resource URI, as the backend names it (not namespaced).
             * @example read_file
             */
            name?: string;
        };
        ExplainAccessDto: {
            principal: components["schemas"]["ExplainPrincipalDto"];
            target: components["schemas"]["ExplainTargetDto"];
        };
        ExplainedKeyView: {
            /** Format: uuid */
            id: string;
            name: string;
            keyPrefix: string;
            /** @enum {string} */
            kind: "app_key" | "client";
            /** @description Null: the stored list is unusable (nothing passes). */
            scopes: string[] | null;
            /** Format: date-time */
            expiresAt: string | null;
        };
        ExplainedPrincipalView: {
            username: string;
            /** @example sso */
            identitySource: string;
            /** @enum {string} */
            authenticatedBy: "app-key" | "oauth" | "sso-header";
            roles: string[];
            groups: string[];
            sids: string[];
            appKey?: components["schemas"]["ExplainedKeyView"];
        };
        ExplainedRequestView: {
            /**
             * @description The MCP method the target is checked for.
             * @example tools/call
             */
            method: string;
            /**
             * @description The target as scopes and policies name it.
             * @example files__read_file
             */
            target: string;
            /** @example files */
            serverId: string;
        };
        CallerExplanationAllowPolicyView: {
            requiredGroups: string[];
            targetIds: string[];
        };
        CallerExplanationView: {
            /** @enum {string} */
            layer: "authentication" | "request" | "scope" | "rbac";
            reason: string;
            hint: string;
            scopes?: string[];
            allowPolicy?: components["schemas"]["CallerExplanationAllowPolicyView"];
        };
        ExplainedPolicyView: {
            targetId: string;
            requiredGroup: string;
            /** @enum {number} */
            isAllowed: 0 | 1;
            identitySource: string | null;
        };
        ExplainedLayerView: {
            /** @enum {string} */
            layer: "authentication" | "request" | "scope" | "groups" | "admin-bypass" | "rbac";
            /**
             * @description `pass`: on to the next layer; `allow`/`deny`: this layer decided; `skip`: not for this caller; `not-reached`: an earlier layer decided; `error`: it failed, which denies.
             * @enum {string}
             */
            verdict: "pass" | "allow" | "deny" | "skip" | "not-reached" | "error";
            reason: string;
            matchedScope?: string;
            effectiveGroups?: string[];
            /** @description The effective groups an allow policy may name. */
            allowGroups?: string[];
            /** @description The RBAC keys of the request, most specific first. */
            targetKeys?: string[];
            /** @description The policy that decided. */
            policy?: components["schemas"]["ExplainedPolicyView"];
        };
        AccessExplanationView: {
            principal: components["schemas"]["ExplainedPrincipalView"];
            request: components["schemas"]["ExplainedRequestView"];
            allowed: boolean;
            /** @description Denied: the message the caller gets (for a tool, prompt or resource the one permission message, whatever the layer). */
            message?: string;
            /** @description Denied: the explanation the caller gets with it (it never names a policy row). */
            callerExplanation?: components["schemas"]["CallerExplanationView"];
            /** @description The pipeline's layers in order. */
            layers: components["schemas"]["ExplainedLayerView"][];
        };
        AuditEventView: {
            id: string;
            /** Format: date-time */
            occurredAt: string;
            eventKind: string;
            username: string | null;
            /** @description Where `username` comes from. */
            identitySource: string | null;
            serverId: string | null;
            method: string | null;
            durationMs: number | null;
            statusCode: number | null;
            sourceAddress: string | null;
            parameters: Record<string, never> | null;
            details: Record<string, never> | null;
        };
        AuditPageView: {
            events: components["schemas"]["AuditEventView"][];
            total: number;
            limit: number;
            offset: number;
        };
        ServerStatusView: {
            /** @enum {string} */
            state: "Disconnected" | "Connecting" | "Retrying" | "Connected" | "Failed" | "Disabled";
            /** @description Failed attempts since the last successful connection. */
            attempts: number;
            lastError?: string;
            /** Format: date-time */
            since: string;
            protocolVersion?: string;
            /**
             * @description Why the state reads as it does, where it alone misleads (a stdio server not started yet).
             * @example idle, starts on first use
             */
            detail?: string;
        };
        ServerView: {
            id: string;
            displayName: string;
            /** @description Namespace of its items in the aggregated views instead of the id. */
            alias?: string;
            /** @description Network URL, or for stdio the command line. */
            url: string;
            /** @enum {string} */
            type: "sse" | "http" | "streamable" | "stdio" | "custom";
            categories: string[];
            enabled: boolean;
            hidden: boolean;
            /** @enum {string} */
            secretProvider: "None" | "Environment" | "File" | "Vault";
            /** @description A secret provider is configured (the secret itself is never returned). */
            hasSecret: boolean;
            secretPath?: string;
            secretField?: string;
            secretItemKey?: string;
            /** @enum {string} */
            authShape: "bearer" | "x-api-key" | "basic" | "raw" | "custom-header" | "query";
            authParameter?: string;
            /** @description Credential-like values masked. */
            headers: {
                [key: string]: string;
            };
            allowPassThroughAuth: boolean;
            /** @description Per-request timeout in seconds. */
            requestTimeout: number;
            /**
             * @description `file` servers are changed in GATEWAY_SERVERS_FILE only; `builtin` servers (the `router`) not at all.
             * @enum {string}
             */
            source: "file" | "api" | "builtin";
            /** Format: date-time */
            updatedAt: string;
            updatedBy: string;
            status: components["schemas"]["ServerStatusView"];
        };
        BackendServerInputDoc: {
            /** @example files */
            id: string;
            /** @example File server */
            displayName?: string;
            /**
             * @description Shorter namespace for tool names (`fs__read_file`); same rules as an id.
             * @example fs
             */
            alias?: string;
            /** @example http://files.lan:3000/mcp */
            url: string;
            /** @enum {string} */
            type: "sse" | "http" | "streamable" | "stdio" | "custom";
            /**
             * @description JSON array text or comma-separated list.
             * @example ["storage","home"]
             */
            category?: string;
            /** @default true */
            enabled: boolean;
            /** @default false */
            hidden: boolean;
            /**
             * @default None
             * @enum {string}
             */
            secretProvider: "None" | "Environment" | "File" | "Vault";
            secretPath?: string;
            secretField?: string;
            secretItemKey?: string;
            /**
             * @default bearer
             * @enum {string}
             */
            authShape: "bearer" | "x-api-key" | "basic" | "raw" | "custom-header" | "query";
            /** @description Header name (custom-header) or query parameter (query). */
            authParameter?: string;
            /** @example {"X-Tenant":"home"} */
            headersJson?: string;
            /** @default false */
            allowPassThroughAuth: boolean;
            /**
             * @description Seconds.
             * @default 15
             */
            requestTimeout: number;
        };
        ReadResourceTestDto: {
            /**
             * @description A resource URI as the aggregated view lists it: `mcp://<serverId>/<uri>`, `router://…`, `logs://…`.
             * @example mcp://files/file:///notes.txt
             */
            uri: string;
        };
        ResourceContentView: {
            uri: string;
            mimeType?: string;
            /** @description Size of the content in bytes (decoded, for binary content). */
            size: number;
            /** @description Text, or base64 for binary content. */
            content: string;
            /** @enum {string} */
            encoding: "utf-8" | "base64";
        };
        ReadResourceTestView: {
            uri: string;
            mimeType?: string;
            /** @description Size of the content in bytes (decoded, for binary content). */
            size: number;
            /** @description Text, or base64 for binary content. */
            content: string;
            /** @enum {string} */
            encoding: "utf-8" | "base64";
            /** @description Every content item, when the resource has more than one (the top level shows the first). */
            contents?: components["schemas"]["ResourceContentView"][];
        };
        GetPromptTestDto: {
            /** @example everything */
            serverId: string;
            /**
             * @description The prompt name as the backend knows it (not namespaced).
             * @example simple-prompt
             */
            promptName: string;
            /**
             * @description Prompt arguments; every value a string.
             * @example {
             *       "city": "Lisbon"
             *     }
             */
            arguments?: {
                [key: string]: string;
            };
        };
        PromptMessageView: {
            /** @enum {string} */
            role: "system" | "user" | "assistant";
            /** @description Text for text content; otherwise the MCP content object as the backend sent it. */
            content: string | {
                [key: string]: unknown;
            };
        };
        GetPromptTestView: {
            description?: string;
            messages: components["schemas"]["PromptMessageView"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    HealthController_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is running. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers and all migrations are applied. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessReport"];
                };
            };
            /** @description Not ready to serve traffic. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessReport"];
                };
            };
        };
    };
    MetricsController_scrape: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics in the Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    CatalogCountsController_counts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogCountsView"][];
                };
            };
        };
    };
    AppKeysController_limits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyLimitsView"];
                };
            };
        };
    };
    AppKeysController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppKeyView"][];
                };
            };
        };
    };
    AppKeysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAppKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAppKeyView"];
                };
            };
        };
    };
    AppKeysController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AppKeysController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAppKeyView"];
                };
            };
        };
    };
    ClientsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppKeyView"][];
                };
            };
        };
    };
    ClientsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAppKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAppKeyView"];
                };
            };
        };
    };
    ClientsController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientsController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAppKeyView"];
                };
            };
        };
    };
    AccessPoliciesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessPolicyView"][];
                };
            };
        };
    };
    AccessPoliciesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccessPolicyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessPolicyView"];
                };
            };
        };
    };
    AccessPoliciesController_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccessPolicyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessPolicyView"];
                };
            };
        };
    };
    AccessPoliciesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GroupMappingsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMappingView"][];
                };
            };
        };
    };
    GroupMappingsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupMappingDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMappingView"];
                };
            };
        };
    };
    GroupMappingsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SettingsController_read: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsView"];
                };
            };
        };
    };
    SettingsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsView"];
                };
            };
        };
    };
    MeController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeView"];
                };
            };
        };
    };
    "ProtectedResourceController_metadata[0]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `resource`, `authorization_servers`, `bearer_methods_supported`, … */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "ProtectedResourceController_metadata[1]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `resource`, `authorization_servers`, `bearer_methods_supported`, … */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AccessExplainController_explain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExplainAccessDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessExplanationView"];
                };
            };
            /** @description A malformed principal or target (problem details name each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No active key with that id, or no server with that id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The access rules cannot be read (everything is denied meanwhile). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_query: {
        parameters: {
            query?: {
                /** @description A user name; ASCII letters ignore case. Every source unless `identitySource` is given. */
                user?: string;
                /** @description Where the user name comes from: `sso`, `oidc:<issuer>#<claim>`, `admin-key`. */
                identitySource?: string;
                server?: string;
                method?: string;
                kind?: string;
                status?: number;
                from?: string;
                to?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageView"];
                };
            };
        };
    };
    ServersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"][];
                };
            };
        };
    };
    ServersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BackendServerInputDoc"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"];
                };
            };
        };
    };
    ServersController_read: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"];
                };
            };
        };
    };
    ServersController_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BackendServerInputDoc"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"];
                };
            };
        };
    };
    ServersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ServersController_reconnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"];
                };
            };
        };
    };
    ServersController_enable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"];
                };
            };
        };
    };
    ServersController_disable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerView"];
                };
            };
        };
    };
    TestEndpointsController_readResource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadResourceTestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadResourceTestView"];
                };
            };
            /** @description The caller may not read this resource. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TestEndpointsController_getPrompt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetPromptTestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPromptTestView"];
                };
            };
            /** @description The caller may not use this prompt. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such server or prompt. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
