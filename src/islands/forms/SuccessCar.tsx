import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $enquiredCar } from '../../stores/user';

/** The car the shopper just enquired about (stored by the form), with a link back to it. */
export default function SuccessCar() {
  const car = useStore($enquiredCar);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || !car) return null;
  return (
    <p className="success-car">
      Your enquiry is about the <a href={`/cars/${car.slug}`}>{car.name}</a>.
    </p>
  );
}
