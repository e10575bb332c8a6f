import type { builtIns as En } from '../en/built-ins';

/** Arabic labels for what the product ships with: the built-in signal types and the device types. */
export const builtIns: Record<keyof typeof En, string> = {
  'builtIn.signal.temperature': 'درجة الحرارة',
  'builtIn.signal.humidity': 'الرطوبة',
  'builtIn.signal.battery': 'البطارية',
  'builtIn.signal.lamp': 'حالة المصباح',
  'builtIn.signal.energy': 'الطاقة',
  'builtIn.signal.water': 'المياه',
  'builtIn.device.pulseLogger': 'مسجّل النبضات',
  'builtIn.device.fridgeProbe': 'مسبار الثلاجة',
  'builtIn.device.tempHumidity': 'الحرارة والرطوبة',
  'builtIn.device.emergencyLight': 'ضوء الطوارئ',
};
