/** Field messages every form shares: the form module maps each problem (by its contract issue code) to one of these. */
export const form = {
  'form.required': 'Obligatoire.',
  'form.tooShort': 'Au moins {{min}} caractères.',
  'form.tooLong': 'Au plus {{max}} caractères.',
  'form.tooLow': 'Au minimum {{min}}.',
  'form.tooHigh': 'Au maximum {{max}}.',
  'form.number': 'Saisissez un nombre.',
  'form.invalid': 'Valeur non valide.',
  'form.choose': 'Choisissez l’une des options.',
  'form.duplicate': 'Cette valeur est déjà utilisée ; choisissez-en une autre.',
  'form.unknownField': 'Ce champ n’est pas accepté.',
  'form.colour': 'Une couleur, par exemple #3366cc.',
} as const;
