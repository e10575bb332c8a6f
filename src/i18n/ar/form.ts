/** Field messages every form shares: the form module maps each problem (by its contract issue code) to one of these. */
export const form = {
  'form.required': 'هذا الحقل مطلوب.',
  'form.tooShort': 'يجب ألا يقل عدد الأحرف عن {{min}}.',
  'form.tooLong': 'يجب ألا يزيد عدد الأحرف على {{max}}.',
  'form.tooLow': 'يجب ألا تقل القيمة عن {{min}}.',
  'form.tooHigh': 'يجب ألا تزيد القيمة على {{max}}.',
  'form.number': 'أدخل رقمًا.',
  'form.invalid': 'قيمة غير صالحة.',
  'form.choose': 'اختر أحد الخيارات.',
  'form.duplicate': 'هذه القيمة مستخدمة بالفعل؛ اختر قيمة أخرى.',
  'form.unknownField': 'هذا الحقل غير مقبول.',
  'form.colour': 'لون مثل #3366cc.',
} as const;
