/**
 * What one SchoolBox costs, by the support page's three cost cards. No texts here: another page can
 * name the total without needing the support page's part of the catalog (src-client/i18n/catalog-parts.ts).
 */
export const PROJECT_COST_CENTS = { 'school-box': 4_500_000, transport: 800_000, installation: 700_000 } as const;

/** What a complete SchoolBox costs: the sum of the three cost cards. */
export const PROJECT_TOTAL_CENTS = Object.values(PROJECT_COST_CENTS).reduce((sum, cents) => sum + cents, 0);
