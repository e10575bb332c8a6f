/** Field messages every form shares: the form module maps each problem (by its contract issue code) to one of these. */
export const form = {
  'form.required': 'Obbligatorio.',
  'form.tooShort': 'Almeno {{min}} caratteri.',
  'form.tooLong': 'Al massimo {{max}} caratteri.',
  'form.tooLow': 'Valore minimo: {{min}}.',
  'form.tooHigh': 'Valore massimo: {{max}}.',
  'form.number': 'Inserisca un numero.',
  'form.invalid': 'Non valido.',
  'form.choose': 'Scelga una delle opzioni.',
  'form.duplicate': 'Valore già in uso; ne scelga un altro.',
  'form.unknownField': 'Questo campo non è accettato.',
  'form.colour': 'Un colore come #3366cc.',
} as const;
