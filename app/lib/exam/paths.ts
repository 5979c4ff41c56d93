/** The path of a sitting's score report (/exam/report, one island). */
export const reportPath = (sittingId: number) => `/exam/report?sitting=${sittingId}`;
