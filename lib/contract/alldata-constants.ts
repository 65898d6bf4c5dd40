/** Who may connect a firm's ALLDATA account, shared with client components without zod (lib/contract/alldata-account.ts). */

/** Super user, administrator, franchiser admin, shop admin, franchisee admin. */
export const CONNECT_ROLES = [1, 2, 3, 4, 8] as const;
