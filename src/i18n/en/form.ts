/** Field messages every form shares: the form module maps each problem (by its contract issue code) to one of these. */
export const form = {
  'form.required': 'Required.',
  'form.tooShort': 'At least {{min}} characters.',
  'form.tooLong': 'At most {{max}} characters.',
  'form.tooLow': 'At least {{min}}.',
  'form.tooHigh': 'At most {{max}}.',
  'form.number': 'Enter a number.',
  'form.invalid': 'Not valid.',
  'form.choose': 'Choose one of the options.',
  'form.duplicate': 'Already in use; choose another.',
  'form.unknownField': 'This field is not accepted.',
  'form.colour': 'A colour such as #3366cc.',
} as const;
