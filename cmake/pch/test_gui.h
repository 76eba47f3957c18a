// Precompiled for the GUI tests (see cmake/BpatPch.cmake).
#include "app.h"
#include <QtTest/QtTest>
