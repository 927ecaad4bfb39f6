/** Every message a shopper can see from the lead forms and the leads API, in one place. */
export const LEAD_MESSAGES = {
  name: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  phone: 'Please enter a valid Australian mobile number, like 0412 345 678.',
  email: 'Please enter a valid email address, like name@example.com.',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  message: 'Please enter your comments.',
  category: 'Please select an enquiry type.',
  location: 'Please select a location.',
  dealership: '*Please select a dealership location',
  terms: 'You must agree to the terms of use before submitting the form.',
  appointment: 'Please choose one of the available test drive times.',
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  errorsHeading: 'Please fix the following errors:',
  submitFailed: 'An error occurred when submitting this form',
  // SPEC spelling, kept exactly.
  multiStepFailed: 'An unexpected error occured',
} as const;

/** SPEC 5: the category used when none is chosen. */
export const GENERAL_ENQUIRY = 'General Enquiry';
export const REQUEST_PHOTOS_MESSAGE = 'Please send photos for this car';
export const OFFER_ACCEPTED = '3. Offer Accepted';
