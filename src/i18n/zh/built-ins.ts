import type { builtIns as En } from '../en/built-ins';

/** Chinese labels for what the product ships with: the built-in signal types and the device types. */
export const builtIns: Record<keyof typeof En, string> = {
  'builtIn.signal.temperature': '温度',
  'builtIn.signal.humidity': '湿度',
  'builtIn.signal.battery': '电池',
  'builtIn.signal.lamp': '灯状态',
  'builtIn.signal.energy': '能耗',
  'builtIn.signal.water': '用水',
  'builtIn.device.pulseLogger': '脉冲记录器',
  'builtIn.device.fridgeProbe': '冰箱探头',
  'builtIn.device.tempHumidity': '温湿度传感器',
  'builtIn.device.emergencyLight': '应急灯',
};
