import type { builtIns as En } from '../en/built-ins';

/** Italian labels for what the product ships with: the built-in signal types and the device types. */
export const builtIns: Record<keyof typeof En, string> = {
  'builtIn.signal.temperature': 'Temperatura',
  'builtIn.signal.humidity': 'Umidità',
  'builtIn.signal.battery': 'Batteria',
  'builtIn.signal.lamp': 'Stato della lampada',
  'builtIn.signal.energy': 'Energia',
  'builtIn.signal.water': 'Acqua',
  'builtIn.device.pulseLogger': 'Registratore di impulsi',
  'builtIn.device.fridgeProbe': 'Sonda frigorifero',
  'builtIn.device.tempHumidity': 'Temperatura e umidità',
  'builtIn.device.emergencyLight': 'Luce di emergenza',
};
