/** Field messages every form shares: the form module maps each problem (by its contract issue code) to one of these. */
export const form = {
  'form.required': '此项为必填项。',
  'form.tooShort': '至少 {{min}} 个字符。',
  'form.tooLong': '最多 {{max}} 个字符。',
  'form.tooLow': '不能小于 {{min}}。',
  'form.tooHigh': '不能大于 {{max}}。',
  'form.number': '请输入数字。',
  'form.invalid': '值无效。',
  'form.choose': '请从选项中选择一项。',
  'form.duplicate': '已被使用，请换一个。',
  'form.unknownField': '不接受此字段。',
  'form.colour': '颜色值，例如 #3366cc。',
} as const;
