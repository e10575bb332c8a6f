import type { builtIns as En } from '../en/built-ins';

/** French labels for what the product ships with: the built-in signal types and the device types. */
export const builtIns: Record<keyof typeof En, string> = {
  'builtIn.signal.temperature': 'Température',
  'builtIn.signal.humidity': 'Humidité',
  'builtIn.signal.battery': 'Batterie',
  'builtIn.signal.lamp': 'État de la lampe',
  'builtIn.signal.energy': 'Énergie',
  'builtIn.signal.water': 'Eau',
  'builtIn.device.pulseLogger': 'Enregistreur d’impulsions',
  'builtIn.device.fridgeProbe': 'Sonde de réfrigérateur',
  'builtIn.device.tempHumidity': 'Température et humidité',
  'builtIn.device.emergencyLight': 'Éclairage de secours',
};
