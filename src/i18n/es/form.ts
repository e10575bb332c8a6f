/** Field messages every form shares: the form module maps each problem (by its contract issue code) to one of these. */
export const form = {
  'form.required': 'Obligatorio.',
  'form.tooShort': 'Al menos {{min}} caracteres.',
  'form.tooLong': 'Como máximo {{max}} caracteres.',
  'form.tooLow': 'Como mínimo {{min}}.',
  'form.tooHigh': 'Como máximo {{max}}.',
  'form.number': 'Introduzca un número.',
  'form.invalid': 'No es válido.',
  'form.choose': 'Elija una de las opciones.',
  'form.duplicate': 'Ya está en uso; elija otro valor.',
  'form.unknownField': 'Este campo no se admite.',
  'form.colour': 'Un color como #3366cc.',
} as const;
