/** The site dashboard's node detail: one node's latest readings, link health and alert events. */
export const nodeDetail = {
  'nodeDetail.open': "تفاصيل {{node}}",
  'nodeDetail.readings': "أحدث القراءات",
  'nodeDetail.noFeeds': "لا توجد تدفقات بيانات لهذه العُقدة.",
  'nodeDetail.noReading': "لا قراءة بعد",
  'nodeDetail.safeRange': "النطاق الآمن",
  'nodeDetail.events': "أحداث التنبيه",
  'nodeDetail.eventsIntro': "الأحدث أولًا. تعرض صفحة أحداث التنبيه كل حدث مع مجرياته والإجراءات المتاحة.",
  'nodeDetail.eventsLoading': "جارٍ تحميل أحداث التنبيه لهذه العُقدة…",
  'nodeDetail.eventsEmpty': "لا توجد أحداث تنبيه لهذه العُقدة.",
  'nodeDetail.eventsFailed': "تعذّر تحميل أحداث التنبيه: {{message}}",
  'nodeDetail.retry': "حاول مرة أخرى",
  'nodeDetail.openEvent': "{{rule}}، بدأ {{time}}: فتح أحداث التنبيه",
  'nodeDetail.close': "إغلاق",
};
