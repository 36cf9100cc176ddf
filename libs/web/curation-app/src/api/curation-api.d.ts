// Generated from the curation API's OpenAPI document by `npm run api-types`: do not edit.
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
    "/api/v1/auth/plex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a plex.tv account token: 401 when plex.tv refuses it, 403 when the account may not use the bound server. */
        post: operations["SignInController_signInWithToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/plex/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a PIN sign-in for a headless client: approve `code` at `authUrl`, then poll. */
        post: operations["SignInController_startPin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/plex/pin/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Poll a PIN sign-in: 202 while pending, 200 with the session once approved. */
        post: operations["SignInController_checkPin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of this request (cookie or bearer) and clear the cookie. */
        post: operations["SignInController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session state; never 401: invalid credentials read as not authenticated. */
        get: operations["SignInController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every user of the bound server (owner, friends, home), refreshed from plex.tv. */
        get: operations["UsersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a user's role; kept across roster refreshes and sign-ins. */
        put: operations["UsersController_setRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Forget a user and end their sessions (their Plex access is unchanged). */
        delete: operations["UsersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every key, without secrets. */
        get: operations["ApiKeysController_list"];
        put?: never;
        /** Create a key with a role; the key is in `key`, shown this once only. */
        post: operations["ApiKeysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key: it never authenticates again. */
        delete: operations["ApiKeysController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mediaserver/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a server is bound, which, its health (checked live, at most every few seconds) and its libraries. Public: it holds no token or key. */
        get: operations["MediaServerController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mediaserver/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Plex Media Servers plex.tv lists for the caller's Plex account, with their connections. Needs a Plex sign-in. */
        get: operations["MediaServerController_servers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mediaserver/bind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Binds the server after checking that its /identity answers with machineIdentifier and that apiKey (the owner's token) opens it. */
        post: operations["MediaServerController_bind"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every connection, by type then name; keys are never returned. */
        get: operations["ConnectionsController_list"];
        put?: never;
        /** Tests the connection, then stores it (key encrypted). 400 names why a test failed. */
        post: operations["ConnectionsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ConnectionsController_get"];
        /** Replaces the fields after testing them; apiKey may be left out to keep the key while baseUrl stays. */
        put: operations["ConnectionsController_update"];
        post?: never;
        delete: operations["ConnectionsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Tests the stored connection; 200 with ok false and the reason when it fails. */
        post: operations["ConnectionsController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The category thresholds and the prune settings. */
        get: operations["SettingsController_read"];
        /** Changes any subset of the settings; the others keep their values. */
        put: operations["SettingsController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ten smart categories, always in the same order. */
        get: operations["CategoriesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalog, filtered, sorted and paged; total counts every match. */
        get: operations["CatalogController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One item with its copies, seasons, watch statistics, requests and protection. */
        get: operations["CatalogController_item"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog/{id}/poster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The item's poster from the bound Plex server, about 240×360 pixels (2:3)
         * @description Read from Plex with the stored token, which never reaches the caller. Answers carry `Cache-Control: private` and an `ETag`; `If-None-Match` with it answers 304.
         */
        get: operations["CatalogPosterController_poster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog/protect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Protects or unprotects up to 500 items at once, all or nothing: 404 names ids not in the catalog, 400 repeated ids. */
        post: operations["CatalogProtectionController_protectMany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog/{id}/protect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets the item's protection; a protected item is never pruned. */
        post: operations["CatalogProtectionController_protect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog/{id}/request-protect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks an Admin to protect the item; a pending request blocks pruning it. */
        post: operations["CatalogProtectionController_requestProtection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/protection-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Protection requests, newest first: Admins see all, others their own. */
        get: operations["ProtectionRequestsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/protection-requests/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approves a pending request and protects its item. */
        post: operations["ProtectionRequestsController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/protection-requests/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Denies a pending request; the item stays unprotected. */
        post: operations["ProtectionRequestsController_deny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/protection-requests/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The requester takes back their own pending request. */
        post: operations["ProtectionRequestsController_withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every mutation made through the API, newest first; totalBytesFreed is over the whole ledger. */
        get: operations["AuditController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a sync of the catalog from Plex and the connections */
        post: operations["SyncController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sync/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest sync: progress while it runs, its outcome after */
        get: operations["SyncController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prune": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete an item or one season of a series from Sonarr/Radarr instances, with its files */
        post: operations["PruneController_prune"];
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
        PlexTokenSignInDto: {
            /** @description A plex.tv account token, as a Plex sign-in in the browser yields it. */
            authToken: string;
        };
        SessionUserView: {
            /**
             * @description plex.tv account id for people; `api-key:<id>` for an API key; `bootstrap` for the bootstrap key.
             * @example 1234567
             */
            id: string;
            /** @example alice */
            username: string;
            /** @enum {string} */
            role: "Admin" | "Guest";
        };
        SignedInView: {
            /** @description The session token, also set as the HttpOnly cookie `curation_session`; send it as `Authorization: Bearer <token>` from clients without cookies. */
            token: string;
            /** Format: date-time */
            expiresAt: string;
            user: components["schemas"]["SessionUserView"];
        };
        StartedPinView: {
            /** @description Poll POST /api/v1/auth/plex/pin/{id} with it. */
            id: string;
            /** @description The code the person approves at plex.tv. */
            code: string;
            /** @description Plex's approval page for this PIN, as Plex apps open it. */
            authUrl: string;
            /** Format: date-time */
            expiresAt: string;
        };
        PendingPinView: {
            /** @enum {string} */
            state: "pending";
            /** Format: date-time */
            expiresAt: string;
        };
        SessionStateView: {
            /** @description The request carried valid credentials (session or API key). */
            authenticated: boolean;
            /** @description A media server is bound. */
            initialized: boolean;
            /** @description Always true: this API never runs without authentication. */
            authEnabled: boolean;
            user: components["schemas"]["SessionUserView"] | null;
        };
        UserView: {
            /**
             * @description plex.tv account id
             * @example 1234567
             */
            id: string;
            /** @description plex.tv username; the profile name for managed home users */
            username: string;
            /** @enum {string} */
            role: "Admin" | "Guest";
            /**
             * @description `admin`: a configured or first-setup admin who signed in before a server was bound
             * @enum {string}
             */
            kind: "owner" | "shared" | "home" | "admin";
            /**
             * Format: date-time
             * @description Last sign-in or request with a session (to 5 minutes); null if never signed in
             */
            lastSeenAt: string | null;
        };
        SetRoleDto: {
            /** @enum {string} */
            role: "Admin" | "Guest";
        };
        CreateApiKeyDto: {
            /** @example home-assistant */
            name: string;
            /** @enum {string} */
            role: "Admin" | "Guest";
        };
        CreatedApiKeyView: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            role: "Admin" | "Guest";
            /** @description Who created it: a Plex username, `api-key:<name>` or `bootstrap-api-key`. */
            createdBy: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description To 5 minutes.
             */
            lastUsedAt: string | null;
            /** @description Send as `X-Api-Key`. Shown this once: only its digest is stored. */
            key: string;
        };
        ApiKeyView: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            role: "Admin" | "Guest";
            /** @description Who created it: a Plex username, `api-key:<name>` or `bootstrap-api-key`. */
            createdBy: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description To 5 minutes.
             */
            lastUsedAt: string | null;
        };
        MediaServerHealthView: {
            /** @description The server answered /identity as the bound server at its last check. */
            reachable: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC; null before a server is bound.
             */
            checkedAt: string | null;
            /** @description Why the last check failed; null when it passed. */
            error: string | null;
        };
        MediaServerLibraryView: {
            /** @example 1 */
            key: string;
            /** @example Movies */
            title: string;
            /**
             * @description Plex's section type: movie, show, artist, photo.
             * @example movie
             */
            type: string;
            /** @description Top-level items: movies, shows or artists. */
            itemCount: number;
        };
        MediaServerStatusView: {
            bound: boolean;
            machineIdentifier: string | null;
            name: string | null;
            baseUrl: string | null;
            health: components["schemas"]["MediaServerHealthView"];
            libraries: components["schemas"]["MediaServerLibraryView"][];
        };
        PlexServerConnectionView: {
            /** @example https://192-168-1-20.abc.plex.direct:32400 */
            uri: string;
            /** @example https */
            protocol: string;
            /** @example 192.168.1.20 */
            address: string;
            /** @example 32400 */
            port: number;
            /** @description On the server's local network. */
            local: boolean;
            /** @description Through Plex's relay (bandwidth-limited). */
            relay: boolean;
        };
        PlexServerView: {
            name: string;
            /** @description What POST /api/v1/mediaserver/bind takes as machineIdentifier. */
            machineIdentifier: string;
            /** @example Plex Media Server */
            product: string;
            productVersion: string;
            /** @description The caller owns it; only owned servers may be bound by a Plex sign-in. */
            owned: boolean;
            /** @description The owner's plex.tv id for servers shared with the caller. */
            ownerId: string | null;
            /** @description The owner's name for servers shared with the caller. */
            sourceTitle: string | null;
            /** @description It is the server this API is bound to. */
            bound: boolean;
            connections: components["schemas"]["PlexServerConnectionView"][];
        };
        BindMediaServerDto: {
            /**
             * @description The server's machine identifier, as plex.tv lists it.
             * @example 4f1c0e…
             */
            machineIdentifier: string;
            /** @example Living room */
            name: string;
            /** @example http://192.168.1.20:32400 */
            baseUrl: string;
            /** @description The server's auth token: its owner's Plex token. Stored encrypted, never returned. Optional for the owner signed in with Plex: their plex.tv token, which opens their server, is used. */
            apiKey?: string;
            /** @description Bind another server even though a catalog of the bound one exists. */
            force?: boolean;
        };
        ConnectionView: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "sonarr" | "radarr" | "overseerr" | "tautulli";
            name: string;
            baseUrl: string;
            is4k: boolean;
            /** @description Always true: a connection has a key, which is never returned. */
            hasApiKey: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            updatedAt: string;
        };
        CreateConnectionDto: {
            /** @enum {string} */
            type: "sonarr" | "radarr" | "overseerr" | "tautulli";
            /**
             * @description Unique, ignoring case.
             * @example Sonarr 4K
             */
            name: string;
            /**
             * @description With any URL base, without /api.
             * @example http://192.168.1.20:8989
             */
            baseUrl: string;
            /** @description Stored encrypted; never returned (responses say hasApiKey). */
            apiKey: string;
            /**
             * @description A 4K instance (sonarr and radarr only).
             * @default false
             */
            is4k: boolean;
        };
        UpdateConnectionDto: {
            /**
             * @description Must be the connection's type: it cannot change.
             * @enum {string}
             */
            type: "sonarr" | "radarr" | "overseerr" | "tautulli";
            name: string;
            baseUrl: string;
            /** @description Leave out to keep the stored key; required when baseUrl changes. */
            apiKey?: string;
            /** @default false */
            is4k: boolean;
        };
        ConnectionTestView: {
            ok: boolean;
            /** @description What the system calls itself, when it says (Sonarr, Radarr). */
            appName?: string;
            version?: string;
            /** @description Why the test failed: unreachable, timeout, unauthorized, wrong-app, not-found, bad-status, bad-answer. */
            reason?: string;
            /** @description What went wrong, for people; never holds the key. */
            error?: string;
        };
        SettingsView: {
            /** @description Default 90. */
            neverWatchedDays: number;
            /** @description Default 180. */
            staleDays: number;
            /** @description Default 90. */
            abandonedDays: number;
            /** @description Default 30. */
            requestedNotWatchedDays: number;
            /** @description Default 20. */
            spaceHogMovieGib: number;
            /** @description Default 50. */
            spaceHog4kMovieGib: number;
            /** @description Default 2.5. */
            spaceHogEpisodeGib: number;
            /** @description Default 2000. */
            lowResolutionCutoffYear: number;
            /** @description Default 2017. */
            pre2017CutoffYear: number;
            /** @description A prune that leaves an item on no instance resets its Overseerr media entry. Default false. */
            pruneResetsOverseerr: boolean;
            /** @description A prune that deleted something asks Plex to scan its sections of the item's kind. Default false. */
            pruneRefreshesPlex: boolean;
            /** Format: date-time */
            updatedAt: string;
            /** @description Who changed them last (an actor name); null until someone did. */
            updatedBy: string | null;
        };
        SettingsUpdateView: {
            /** @description Default 90. */
            neverWatchedDays?: number;
            /** @description Default 180. */
            staleDays?: number;
            /** @description Default 90. */
            abandonedDays?: number;
            /** @description Default 30. */
            requestedNotWatchedDays?: number;
            /** @description Default 20. */
            spaceHogMovieGib?: number;
            /** @description Default 50. */
            spaceHog4kMovieGib?: number;
            /** @description Default 2.5. */
            spaceHogEpisodeGib?: number;
            /** @description Default 2000. */
            lowResolutionCutoffYear?: number;
            /** @description Default 2017. */
            pre2017CutoffYear?: number;
            /** @description A prune that leaves an item on no instance resets its Overseerr media entry. Default false. */
            pruneResetsOverseerr?: boolean;
            /** @description A prune that deleted something asks Plex to scan its sections of the item's kind. Default false. */
            pruneRefreshesPlex?: boolean;
        };
        CategorySummaryView: {
            /** @enum {string} */
            id: "never_watched" | "stale" | "abandoned" | "requested_not_watched" | "space_hogs" | "duplicates" | "low_resolution" | "cutoff_unmet" | "missing" | "protected";
            /** @example Never watched */
            name: string;
            /** @description The rule, with the current settings' numbers. */
            description: string;
            /** @description How many items are members. */
            count: number;
            /** @description The members' files, each counted once, in bytes. */
            sizeBytes: number;
            /** @description What pruning the members that are neither protected nor requested for protection would free, in bytes. */
            reclaimableSizeBytes: number;
        };
        CatalogRequesterView: {
            /**
             * @description The requester's plex.tv account id; null when Overseerr knows no plex.tv account.
             * @example 1234567
             */
            userId: string | null;
            /** @example alice */
            username: string | null;
        };
        CatalogItemView: {
            /** @example movie-tmdb-603 */
            id: string;
            /** @example The Matrix */
            title: string;
            /** @example 1999 */
            year: number | null;
            /** @enum {string} */
            mediaType: "movie" | "series";
            /** @description All its copies' files, each counted once, in bytes. */
            sizeBytes: number;
            /**
             * @description The best copy's resolution bucket; null without any file.
             * @enum {string|null}
             */
            resolution: "SD" | "720p" | "1080p" | "4K" | null;
            /** @description Plays by anyone, or by the query's userId. */
            plays: number;
            /** Format: date-time */
            addedAt: string | null;
            /**
             * Format: date-time
             * @description Last play by anyone, or by the query's userId; null when never played.
             */
            lastWatchedAt: string | null;
            /** @description The smart categories it is a member of. */
            categories: ("never_watched" | "stale" | "abandoned" | "requested_not_watched" | "space_hogs" | "duplicates" | "low_resolution" | "cutoff_unmet" | "missing" | "protected")[];
            isProtected: boolean;
            /** @description A protection request for it is pending. */
            protectionRequested: boolean;
            /** @description Its Overseerr requesters. */
            requestedBy: components["schemas"]["CatalogRequesterView"][];
        };
        CatalogListView: {
            items: components["schemas"]["CatalogItemView"][];
            /** @description How many items match, over all pages. */
            total: number;
            limit: number;
            offset: number;
        };
        CatalogInstanceView: {
            /**
             * Format: uuid
             * @description The Sonarr/Radarr connection; null for a Plex version no media manager holds.
             */
            connectionId: string | null;
            connectionName: string | null;
            is4k: boolean;
            qualityProfile: string | null;
            /** @enum {string|null} */
            resolution: "SD" | "720p" | "1080p" | "4K" | null;
            sizeBytes: number;
            fileCount: number;
            path: string | null;
            /** @description Below its quality profile's cutoff. */
            cutoffUnmet: boolean;
            monitored: boolean;
            /** @description The copy kept when duplicates are pruned: highest resolution, then largest. */
            isBest: boolean;
        };
        CatalogSeasonView: {
            seasonNumber: number;
            episodeCount: number;
            fileCount: number;
            sizeBytes: number;
            monitored: boolean;
        };
        CatalogWatchStatView: {
            /**
             * @description plex.tv account id
             * @example 1234567
             */
            userId: string;
            /** @description Null for an account that is not a known user. */
            username: string | null;
            plays: number;
            /** Format: date-time */
            lastWatchedAt: string;
            playedEpisodeCount: number;
        };
        CatalogRequestView: {
            /** @description Overseerr's request id. */
            requestId: number;
            /** @description The requester's plex.tv account id, if any. */
            userId: string | null;
            username: string | null;
            /** Format: date-time */
            requestedAt: string;
            /**
             * @description Overseerr's request status: pending, approved, declined, failed or completed (`status-<n>` for another number).
             * @example approved
             */
            status: string;
            is4k: boolean;
            /** @description The requested seasons (series). */
            seasons: number[];
        };
        CatalogPendingRequestView: {
            /** Format: uuid */
            id: string;
            /** @description The requester's plex.tv account; null for a request made with an API key. */
            userId: string | null;
            /** @description Who asked (an actor name). */
            requestedBy: string | null;
            reason: string;
            /** Format: date-time */
            createdAt: string;
        };
        CatalogProtectionView: {
            isProtected: boolean;
            reason: string | null;
            /** @description Who protected it (an actor name). */
            protectedBy: string | null;
            /** Format: date-time */
            protectedAt: string | null;
            /** @description Oldest first. */
            pendingRequests: components["schemas"]["CatalogPendingRequestView"][];
        };
        CatalogItemDetailsView: {
            /** @example movie-tmdb-603 */
            id: string;
            /** @example The Matrix */
            title: string;
            /** @example 1999 */
            year: number | null;
            /** @enum {string} */
            mediaType: "movie" | "series";
            /** @description All its copies' files, each counted once, in bytes. */
            sizeBytes: number;
            /**
             * @description The best copy's resolution bucket; null without any file.
             * @enum {string|null}
             */
            resolution: "SD" | "720p" | "1080p" | "4K" | null;
            /** @description Plays by anyone, or by the query's userId. */
            plays: number;
            /** Format: date-time */
            addedAt: string | null;
            /**
             * Format: date-time
             * @description Last play by anyone, or by the query's userId; null when never played.
             */
            lastWatchedAt: string | null;
            /** @description The smart categories it is a member of. */
            categories: ("never_watched" | "stale" | "abandoned" | "requested_not_watched" | "space_hogs" | "duplicates" | "low_resolution" | "cutoff_unmet" | "missing" | "protected")[];
            isProtected: boolean;
            /** @description A protection request for it is pending. */
            protectionRequested: boolean;
            /** @description Its Overseerr requesters. */
            requestedBy: components["schemas"]["CatalogRequesterView"][];
            /** @description Every copy, best first. */
            instances: components["schemas"]["CatalogInstanceView"][];
            /** @description Its seasons (a series), by number. */
            seasons: components["schemas"]["CatalogSeasonView"][];
            /** @description Per account, last watched first. */
            watchStats: components["schemas"]["CatalogWatchStatView"][];
            /** @description Its Overseerr requests, oldest first. */
            requests: components["schemas"]["CatalogRequestView"][];
            protection: components["schemas"]["CatalogProtectionView"];
        };
        BulkProtectDto: {
            /** @description true protects the item from pruning, false lifts the protection. */
            isProtected: boolean;
            /** @description Why: required to protect, optional to unprotect (then it goes to the audit ledger). */
            reason?: string;
            /**
             * @description Catalog item ids, each once.
             * @example [
             *       "movie-tmdb-603",
             *       "series-tvdb-81189"
             *     ]
             */
            ids: string[];
        };
        ItemProtectionView: {
            isProtected: boolean;
            reason: string | null;
            /** @description Who protected it (an actor name). */
            protectedBy: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            protectedAt: string | null;
            /** @example movie-tmdb-603 */
            id: string;
        };
        BulkProtectionView: {
            /** @description Every item of the request, in its order. */
            items: components["schemas"]["ItemProtectionView"][];
            /** @description How many items were written: to protect, every item (reason, protector and time set anew); to unprotect, those that were protected. */
            changed: number;
        };
        ProtectDto: {
            /** @description true protects the item from pruning, false lifts the protection. */
            isProtected: boolean;
            /** @description Why: required to protect, optional to unprotect (then it goes to the audit ledger). */
            reason?: string;
        };
        ProtectionStateView: {
            isProtected: boolean;
            reason: string | null;
            /** @description Who protected it (an actor name). */
            protectedBy: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            protectedAt: string | null;
        };
        RequestProtectDto: {
            /** @description Why the item should stay. */
            reason: string;
        };
        ProtectionRequestView: {
            /** Format: uuid */
            id: string;
            /** @example movie-tmdb-603 */
            mediaItemId: string;
            /** @description The title while the item is in the catalog. */
            title: string | null;
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "withdrawn";
            reason: string;
            /** @description Who asked (a Plex username, api-key:<name> or bootstrap-api-key). */
            requestedBy: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            requestedAt: string;
            /** @description Who approved, denied or withdrew it. */
            decidedBy: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            decidedAt: string | null;
            /** @description The decider's note. */
            note: string | null;
        };
        ProtectionRequestPageView: {
            /** @description Newest first. */
            requests: components["schemas"]["ProtectionRequestView"][];
            /** @description How many requests match, over all pages. */
            total: number;
            limit: number;
            offset: number;
        };
        DecideRequestDto: {
            /** @description Shown to the requester with the outcome. */
            note?: string;
        };
        AuditRecordView: {
            /** @example 42 */
            id: string;
            /** @description The subject: an item's title, `<series> — Season <n>`, a user, key, connection… */
            title: string;
            /** @enum {string|null} */
            mediaType: "movie" | "series" | null;
            /** @description Bytes this row freed; 0 for rows that delete nothing. */
            bytesFreed: number;
            actor: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            executedAt: string;
            /** @description A JSON object as text: what happened, never a secret. */
            details: string;
            /** @enum {string} */
            action: "prune" | "protect" | "unprotect" | "protection-request.created" | "protection-request.approved" | "protection-request.denied" | "protection-request.withdrawn" | "user.role-changed" | "user.removed" | "api-key.created" | "api-key.revoked" | "mediaserver.bound" | "connection.created" | "connection.updated" | "connection.deleted" | "settings.updated" | "sync.started";
            /**
             * @description `in_progress`: a prune under way (its process alive); `interrupted`: a prune whose process ended before completing it — `details.targets` says what it had done.
             * @enum {string}
             */
            outcome: "completed" | "in_progress" | "interrupted";
            /** @example movie-tmdb-603 */
            mediaItemId: string | null;
        };
        AuditResponseView: {
            /** @description Newest first. */
            logs: components["schemas"]["AuditRecordView"][];
            /** @description Bytes freed over the whole ledger, not this page. */
            totalBytesFreed: number;
            /** @description How many records match the filters, over all pages. */
            total: number;
        };
        SyncStartedView: {
            /** Format: uuid */
            jobId: string;
        };
        SyncErrorView: {
            /** @example sonarr: Sonarr 4K */
            source: string;
            message: string;
        };
        SyncStatusView: {
            /** @enum {string} */
            state: "idle" | "running" | "succeeded" | "failed";
            /** Format: uuid */
            jobId: string | null;
            /** @example fetching */
            phase: string | null;
            processed: number;
            total: number;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            finishedAt: string | null;
            errors: components["schemas"]["SyncErrorView"][];
        };
        PruneRequestDto: {
            /**
             * @description A catalog item id.
             * @example movie-tmdb-603
             */
            mediaItemId: string;
            /**
             * @description A season of a series to prune, or null for the whole item. Required either way.
             * @example null
             */
            seasonNumber: number | null;
            /** @description Connections (Sonarr or Radarr instances) to delete from, 1 to 20, each once. */
            targetConnectionIds: string[];
            /** @description Add an import (list) exclusion so lists do not add the item again; whole items only, not seasons. */
            addToImportExclusion: boolean;
            /**
             * @description Answer what would be deleted; call nothing that changes anything, write no ledger row.
             * @default false
             */
            dryRun: boolean;
        };
        PruneResultBody: {
            /** Format: uuid */
            connectionId: string;
            /** @enum {string} */
            status: "deleted" | "already_gone" | "failed" | "skipped";
            /** @description Bytes this instance held of what was deleted, read just before its delete. */
            bytesFreed: number;
            /** @description What went wrong on this instance (failed only). */
            error?: string;
        };
        PruneResponseBody: {
            /** @description True when every target ended deleted or already_gone (a dry run: would be tried). */
            success: boolean;
            /** @description The sum of the results’ bytesFreed. */
            bytesFreed: number;
            message: string;
            results: components["schemas"]["PruneResultBody"][];
            /** @description The audit ledger row; null for a dry run. */
            auditId: string | null;
            dryRun: boolean;
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
    SignInController_signInWithToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlexTokenSignInDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedInView"];
                };
            };
            /** @description authToken is missing or not a string. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description plex.tv refused the token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The account may not use the bound server, or no server is bound and it may not set one up. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description plex.tv did not answer (504 when it timed out). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SignInController_startPin: {
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
                    "application/json": components["schemas"]["StartedPinView"];
                };
            };
            /** @description plex.tv did not answer (504 when it timed out). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SignInController_checkPin: {
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
                    "application/json": components["schemas"]["SignedInView"];
                };
            };
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PendingPinView"];
                };
            };
            /** @description plex.tv refused the token the PIN yielded. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The account may not use the bound server, or no server is bound and it may not set one up. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No PIN sign-in has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The PIN expired or was already used. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description plex.tv did not answer (504 when it timed out). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SignInController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out (also when there was no session). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SignInController_me: {
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
                    "application/json": components["schemas"]["SessionStateView"];
                };
            };
        };
    };
    UsersController_list: {
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
                    "application/json": components["schemas"]["UserView"][];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_setRole: {
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
                "application/json": components["schemas"]["SetRoleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserView"];
                };
            };
            /** @description role is not Admin or Guest. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The owner, a configured admin or the last Admin would stop being Admin. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_remove: {
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
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApiKeysController_list: {
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
                    "application/json": components["schemas"]["ApiKeyView"][];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApiKeysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyView"];
                };
            };
            /** @description A missing or invalid name or role. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A key with this name exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApiKeysController_revoke: {
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
            /** @description The id is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaServerController_status: {
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
                    "application/json": components["schemas"]["MediaServerStatusView"];
                };
            };
        };
    };
    MediaServerController_servers: {
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
                    "application/json": components["schemas"]["PlexServerView"][];
                };
            };
            /** @description The caller signed in with an API key, not with Plex. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description plex.tv did not answer. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaServerController_bind: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BindMediaServerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaServerStatusView"];
                };
            };
            /** @description An invalid field, or the server at baseUrl is not Plex, answers as another machineIdentifier or refuses apiKey. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A catalog of another server exists: binding needs "force": true. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The media server could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectionsController_list: {
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
                    "application/json": components["schemas"]["ConnectionView"][];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectionsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConnectionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionView"];
                };
            };
            /** @description An invalid field, is4k on another type, or the connection test failed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The name is taken, or an Overseerr/Tautulli connection exists already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectionsController_get: {
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
                    "application/json": components["schemas"]["ConnectionView"];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such connection. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectionsController_update: {
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
                "application/json": components["schemas"]["UpdateConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionView"];
                };
            };
            /** @description An invalid field, a changed type, a new baseUrl without apiKey, or the connection test failed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such connection. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The name is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectionsController_delete: {
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
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such connection. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectionsController_test: {
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
                    "application/json": components["schemas"]["ConnectionTestView"];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such connection. */
            404: {
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
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                "application/json": components["schemas"]["SettingsUpdateView"];
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
            /** @description Not a JSON object, an unknown field, a wrong type or a value out of range (settings.invalid). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CategoriesController_list: {
        parameters: {
            query?: {
                /** @description A user id from GET /api/v1/auth/users: count only this user's plays and requests. */
                userId?: string;
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
                    "application/json": components["schemas"]["CategorySummaryView"][];
                };
            };
            /** @description userId is not a user id, or another parameter was given. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description userId names no known user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CatalogController_list: {
        parameters: {
            query?: {
                /** @description How many to answer: 1 to 500, default 50. */
                limit?: number;
                /** @description How many to skip, default 0. */
                offset?: number;
                /** @description Descending. Default: true without sortBy (largest first), false with it. */
                sortDesc?: boolean;
                /** @description Items without the value (never watched, no added date) come last either way. */
                sortBy?: "size" | "title" | "plays" | "added" | "lastWatched";
                /** @description The cutoff year of pre2017Filter; default the pre2017CutoffYear setting. */
                userCutoffYear?: number;
                /** @description Items released before the cutoff year, or added before 1 January of it: all, exclude or only. */
                pre2017Filter?: "all" | "exclude" | "only";
                /** @description Some copy below its cutoff (true) or none (false). */
                cutoffUnmet?: boolean;
                /** @description The best copy's resolution bucket. */
                resolution?: "SD" | "720p" | "1080p" | "4K";
                /** @description The title contains it, ignoring case and accents. */
                search?: string;
                mediaType?: "movie" | "series";
                /** @description A user id: items this user requested in Overseerr. */
                requestedBy?: string;
                /** @description A user id from GET /api/v1/auth/users: plays, lastWatchedAt, categories and watch-based filters and sorts use this user's history. */
                userId?: string;
                /** @description Members of it only. */
                category?: "never_watched" | "stale" | "abandoned" | "requested_not_watched" | "space_hogs" | "duplicates" | "low_resolution" | "cutoff_unmet" | "missing" | "protected";
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
                    "application/json": components["schemas"]["CatalogListView"];
                };
            };
            /** @description An unknown, repeated or invalid parameter (query.invalid-parameter names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description userId or requestedBy names no known user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CatalogController_item: {
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
                    "application/json": components["schemas"]["CatalogItemDetailsView"];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No catalog item has this id (catalog.item-not-found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CatalogPosterController_poster: {
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
            /** @description A JPEG, PNG or WebP image of at most 1048576 bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description `If-None-Match` names the current poster. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No catalog item has this id (catalog.item-not-found), or it has no poster on the bound server (catalog.poster-not-found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Plex failed, timed out, or answered something other than an image within the size limit (catalog.poster-upstream-failed). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CatalogProtectionController_protectMany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkProtectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkProtectionView"];
                };
            };
            /** @description A malformed or repeated id, or no reason to protect. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Some ids are not in the catalog; nothing changed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A prune of some item is running (protection.prune-running); nothing changed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CatalogProtectionController_protect: {
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
                "application/json": components["schemas"]["ProtectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProtectionStateView"];
                };
            };
            /** @description isProtected missing, no reason to protect, or an invalid reason. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such catalog item. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A prune of the item is running (protection.prune-running). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CatalogProtectionController_requestProtection: {
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
                "application/json": components["schemas"]["RequestProtectDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProtectionRequestView"];
                };
            };
            /** @description A missing or invalid reason. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such catalog item. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Protected already, a pending request from the caller, or a prune of the item running. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProtectionRequestsController_list: {
        parameters: {
            query?: {
                /** @description How many to answer: 1 to 500, default 100. */
                limit?: number;
                /** @description How many to skip, default 0. */
                offset?: number;
                status?: "pending" | "approved" | "denied" | "withdrawn";
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
                    "application/json": components["schemas"]["ProtectionRequestPageView"];
                };
            };
            /** @description An unknown, repeated or invalid parameter (query.invalid-parameter names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProtectionRequestsController_approve: {
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
                "application/json": components["schemas"]["DecideRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProtectionRequestView"];
                };
            };
            /** @description An invalid note. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such request. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is decided already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProtectionRequestsController_deny: {
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
                "application/json": components["schemas"]["DecideRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProtectionRequestView"];
                };
            };
            /** @description An invalid note. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such request. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is decided already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProtectionRequestsController_withdraw: {
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
                "application/json": components["schemas"]["DecideRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProtectionRequestView"];
                };
            };
            /** @description An invalid note. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such request of the caller. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is decided already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_list: {
        parameters: {
            query?: {
                /** @description Exclusive; ISO 8601 date or timestamp with zone; later than from. */
                to?: string;
                /** @description Inclusive; ISO 8601 date or timestamp with zone. */
                from?: string;
                /** @description Exact actor name, e.g. a Plex username or api-key:<name>. */
                actor?: string;
                action?: "prune" | "protect" | "unprotect" | "protection-request.created" | "protection-request.approved" | "protection-request.denied" | "protection-request.withdrawn" | "user.role-changed" | "user.removed" | "api-key.created" | "api-key.revoked" | "mediaserver.bound" | "connection.created" | "connection.updated" | "connection.deleted" | "settings.updated" | "sync.started";
                /** @description How many to answer: 1 to 1000, default 250. */
                limit?: number;
                /** @description How many to skip, default 0. */
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
                    "application/json": components["schemas"]["AuditResponseView"];
                };
            };
            /** @description An unknown, repeated or invalid parameter (query.invalid-parameter names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SyncController_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncStartedView"];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A sync is already running (its status is in `runningJob`), or no server is bound. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SyncController_status: {
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
                    "application/json": components["schemas"]["SyncStatusView"];
                };
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PruneController_prune: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PruneRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PruneResponseBody"];
                };
            };
            /** @description A field is missing or invalid, a connection is unknown or does not hold the item, or the season does not exist. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller is signed in but does not have the Admin role. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No catalog item has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The item is protected, has a pending protection request, or is being pruned already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
