/** The messages of the accounts subjects' input checks, said through `say` (contract/accounts.contract.ts). */
export const ACCOUNTS_INPUT = {
  enterEMailAddress: /*i18n*/ { id: 'accounts.enterEMailAddress', message: 'Enter your e-mail address' },
  emailTooLong: /*i18n*/ { id: 'accounts.emailTooLong', message: 'That e-mail address is too long' },
  emailLikeExample: /*i18n*/ {
    id: 'accounts.emailLikeExample',
    message: 'Enter an e-mail address like name@example.com',
  },
  passwordMinLength: /*i18n*/ { id: 'accounts.passwordMinLength', message: 'Use at least 8 characters' },
  passwordTooLong: /*i18n*/ { id: 'accounts.passwordTooLong', message: 'Use at most 200 characters' },
  nameTooLong: /*i18n*/ { id: 'accounts.nameTooLong', message: 'Use at most 100 characters' },
  linkIncompleteOpenAgain: /*i18n*/ {
    id: 'accounts.linkIncompleteOpenAgain',
    message: 'The link is incomplete: open it again from the e-mail',
  },
  chooseHandle: /*i18n*/ { id: 'accounts.chooseHandle', message: 'Choose a handle' },
  useLettersDigitsDashes: /*i18n*/ {
    id: 'accounts.useLettersDigitsDashes',
    message: 'Use 3 to 30 letters, digits or dashes, starting and ending with a letter or digit',
  },
  enterCodeFromSMS: /*i18n*/ { id: 'accounts.enterCodeFromSMS', message: 'Enter the code from the SMS' },
  enterCodeDigits: /*i18n*/ { id: 'accounts.enterCodeDigits', message: 'Enter the 6 digits from the SMS' },
  enterNameAccount: /*i18n*/ { id: 'accounts.enterNameAccount', message: 'Enter the name on the account' },
  enterAccountNumberIBAN: /*i18n*/ {
    id: 'accounts.enterAccountNumberIBAN',
    message: 'Enter the account number or IBAN as the bank shows it',
  },
  enterBank: /*i18n*/ { id: 'accounts.enterBank', message: 'Enter the bank' },
  swiftCodeLength: /*i18n*/ {
    id: 'accounts.swiftCodeLength',
    message: 'A SWIFT/BIC code has 8 or 11 letters and digits',
  },
  chooseHowGetPaid: /*i18n*/ {
    id: 'accounts.chooseHowGetPaid',
    message: 'Choose how you get paid: mpesa, paypal or bank',
  },
  chooseCountry: /*i18n*/ { id: 'accounts.chooseCountry', message: 'Choose your country' },
  useTwoLetterCountry: /*i18n*/ {
    id: 'accounts.useTwoLetterCountry',
    message: 'Use the two-letter country code, such as KE',
  },
  useFullWebAddress: /*i18n*/ {
    id: 'accounts.useFullWebAddress',
    message: 'Use a full web address starting with https://',
  },
  chooseDocumentKind: /*i18n*/ {
    id: 'accounts.chooseDocumentKind',
    message: 'Choose national ID, passport or alien ID',
  },
  enterLegalName: /*i18n*/ { id: 'accounts.enterLegalName', message: 'Enter your full legal name' },
  enterFullLegalName: /*i18n*/ {
    id: 'accounts.enterFullLegalName',
    message: 'Enter your full legal name, as on your ID',
  },
  enterDateOfBirth: /*i18n*/ {
    id: 'accounts.enterDateOfBirth',
    message: 'Enter your date of birth as YYYY-MM-DD',
  },
  sellerTooYoung: /*i18n*/ {
    id: 'accounts.sellerTooYoung',
    message: 'Sellers must be at least 18 years old',
  },
  enterNumberDocument: /*i18n*/ {
    id: 'accounts.enterNumberDocument',
    message: 'Enter the number on your document',
  },
  documentNumberShape: /*i18n*/ {
    id: 'accounts.documentNumberShape',
    message: 'Enter the number exactly as printed on the document (5 to 20 letters or digits)',
  },
  enterAddress: /*i18n*/ { id: 'accounts.enterAddress', message: 'Enter your address' },
  enterStreetAddressTown: /*i18n*/ {
    id: 'accounts.enterStreetAddressTown',
    message: 'Enter your street address and town',
  },
  choosePictureType: /*i18n*/ {
    id: 'accounts.choosePictureType',
    message: 'Choose a JPEG, PNG or WebP picture',
  },
  giveFileSizeBytes: /*i18n*/ { id: 'accounts.giveFileSizeBytes', message: 'Give the file size in bytes' },
  fileEmpty: /*i18n*/ { id: 'accounts.fileEmpty', message: 'The file is empty' },
  pictureTooLarge: /*i18n*/ {
    id: 'accounts.pictureTooLarge',
    message: 'Choose a picture under 5 MB',
  },
  uploadPictureFirst: /*i18n*/ { id: 'accounts.uploadPictureFirst', message: 'Upload the picture first' },
  keepBioUnderCharacters: /*i18n*/ {
    id: 'accounts.keepBioUnderCharacters',
    message: 'Keep the bio under 1,000 characters',
  },
  addMostLinks: /*i18n*/ { id: 'accounts.addMostLinks', message: 'Add at most 5 links' },
  chooseLanguage: /*i18n*/ {
    id: 'accounts.chooseLanguage',
    message: 'Choose English (en) or Swahili (sw)',
  },
  chooseTimeZoneSuch: /*i18n*/ {
    id: 'accounts.chooseTimeZoneSuch',
    message: 'Choose a time zone such as Africa/Nairobi',
  },
  inviteAsCustomerAdmin: /*i18n*/ {
    id: 'accounts.inviteAsCustomerAdmin',
    message: 'Invite as customer or admin',
  },
  signInUnfinished: /*i18n*/ {
    id: 'accounts.signInUnfinished',
    message: 'The sign-in did not finish: try again',
  },
  choosePassword: /*i18n*/ { id: 'accounts.choosePassword', message: 'Choose a password' },
  enterName: /*i18n*/ { id: 'accounts.enterName', message: 'Enter your name' },
  linkInvalidExpired: /*i18n*/ {
    id: 'accounts.linkInvalidExpired',
    message: 'This link is invalid or has expired',
  },
  enterPassword: /*i18n*/ { id: 'accounts.enterPassword', message: 'Enter your password' },
  enterCurrentPassword: /*i18n*/ {
    id: 'accounts.enterCurrentPassword',
    message: 'Enter your current password',
  },
  enterDisplayName: /*i18n*/ {
    id: 'accounts.enterDisplayName',
    message: 'Enter the name buyers will see',
  },
}
