// Precompiled for the core and CLI tests (see cmake/BpatPch.cmake).
#include "core.h"
#include <QtTest/QtTest>
