/** SPEC 7 analytics event ids, named for what the shopper did. */
export const EVENTS = {
  usedDetailView: 4,
  financeEnquiryModal: 9,
  newEnquiry: 14,
  usedEnquiry: 15,
  newTestDrive: 17,
  offerAccepted: 18,
  generalEnquiry: 22,
  phoneClick: 25,
  financeCalculatorUsed: 26,
  favouriteCar: 39,
  usedTestDrive: 48,
  searchPageView: 49,
  careers: 51,
  historyReport: 60,
  printPdf: 61,
} as const;

export type EventId = (typeof EVENTS)[keyof typeof EVENTS];
