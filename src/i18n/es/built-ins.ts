import type { builtIns as En } from '../en/built-ins';

/** Spanish labels for what the product ships with: the built-in signal types and the device types. */
export const builtIns: Record<keyof typeof En, string> = {
  'builtIn.signal.temperature': 'Temperatura',
  'builtIn.signal.humidity': 'Humedad',
  'builtIn.signal.battery': 'Batería',
  'builtIn.signal.lamp': 'Estado de la lámpara',
  'builtIn.signal.energy': 'Energía',
  'builtIn.signal.water': 'Agua',
  'builtIn.device.pulseLogger': 'Registrador de pulsos',
  'builtIn.device.fridgeProbe': 'Sonda de frigorífico',
  'builtIn.device.tempHumidity': 'Temperatura y humedad',
  'builtIn.device.emergencyLight': 'Luz de emergencia',
};
